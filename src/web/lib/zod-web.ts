// The browser build resolves "zod" here (see vite.config.ts). Zod compiles fast parsers with
// `new Function`, which our Content-Security-Policy forbids; even probing for it logs a violation.
// Parsing a form is not hot enough to need it.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
