import type SanitizeHtml from "sanitize-html";
import { setBounded } from "../../../core/bounded-map";

/**
 * A reading's Markdown made into safe HTML: headings, paragraphs, lists, Scripture quotes
 * (blockquotes), emphasis and links, nothing else. Raw HTML in the Markdown is shown as text, and the
 * result goes through sanitize-html all the same, so no script, style or event attribute can reach
 * a page. Links open in a new tab without handing over the page.
 *
 * The libraries load with the first reading asked for; the HTML of each lesson is kept (by its id
 * and the time it last changed) for the next member who opens it.
 */

const ALLOWED: SanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "code",
    "a",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // A reading sits under the lesson's own title: its headings start one level down.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;

async function loadRenderer(): Promise<Render> {
  const [{ Marked }, sanitize] = await Promise.all([import("marked"), import("sanitize-html")]);
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  // Raw HTML written into the Markdown is shown as the text it is, never as markup.
  marked.use({
    renderer: {
      html: ({ text }) => escapeHtml(text),
      image: ({ text }) => escapeHtml(text),
    },
  });
  return (markdown) => sanitize.default(marked.parse(markdown) as string, ALLOWED);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Safe HTML for a Markdown text. */
export async function markdownToHtml(markdown: string): Promise<string> {
  if (!markdown.trim()) return "";
  renderer ??= loadRenderer();
  return (await renderer)(markdown);
}

const rendered = new Map<string, string>();

/** Safe HTML for a lesson's Markdown, kept per lesson and version. */
export async function lessonHtml(lessonId: number, updatedAt: Date, markdown: string): Promise<string> {
  const key = `${lessonId}:${updatedAt.getTime()}`;
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const html = await markdownToHtml(markdown);
  setBounded(rendered, key, html, 500);
  return html;
}
