import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../../core/public-config";

/**
 * index.html with the public settings in a <script type="application/json"> block (never
 * executed, so CSP stays strict) and the site name as its title.
 */
export function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  const title = config.siteName.replace(/[<>&"]/g, "");
  return html.replace("<!--app-config-->", block).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}
