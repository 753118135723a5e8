// The compiled catalogues the build makes (vite.config.ts, `catalogues`).
declare module "virtual:catalogue/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}
