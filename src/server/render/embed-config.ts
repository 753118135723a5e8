import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../../core/public-config";

/**
 * index.html with the public settings in a <script type="application/json"> block (never
 * executed, so CSP stays strict) and the site name as its title.
 */
export function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return withTitle(html.replace("<!--app-config-->", block), config.siteName);
}

/** The page with `title` as its document's title (what a browser tab and a screen reader announce). */
export function withTitle(html: string, title: string): string {
  const text = title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`);
}
