import { createHash } from "node:crypto";
import type SanitizeHtml from "sanitize-html";
import { LIMITS } from "../../../core/constants";
import { splitTags } from "../../../core/courses/rules";
import { HttpError } from "../../http/errors";
import { fetchPublic, isPrivateAddressError } from "../../http/public-fetch";
import { type FeedFailure, feedFailureMessage } from "./feed-failures";

/**
 * Reading the newsletter's RSS 2.0 feed (the shape Substack serves). Everything here is pure except
 * `fetchFeed`; a feed problem becomes a FeedError: its message in the asker's language, and its kind
 * and values, which the sync's run keeps.
 */

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const EXCERPT_MAX = 300;
const WORDS_PER_MINUTE = 200;

export interface FeedItem {
  guid: string;
  title: string;
  url: string | null;
  excerpt: string;
  contentHtml: string | null;
  author: string | null;
  tags: string[];
  readingTime: number;
  publishedAt: Date | null;
}

export interface FetchOptions {
  /** Shown in error messages, e.g. "Substack". */
  name: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** The address came from the dashboard: fetch only from public hosts (see public-fetch.ts). */
  publicOnly?: boolean;
}

/** A feed that cannot be used, and why. */
export class FeedError extends HttpError {
  constructor(
    statusCode: number,
    readonly failure: FeedFailure,
  ) {
    super(statusCode, feedFailureMessage(failure));
  }
}

/** The feed is down or too slow: try again later. */
const unreachable = (failure: FeedFailure) => new FeedError(503, failure);
/** The feed answered, but not with something we can use. */
const badFeed = (failure: FeedFailure) => new FeedError(502, failure);

/** Downloads the feed with a time limit on the whole exchange and a size cap while streaming. */
export async function fetchFeed(feedUrl: string, options: FetchOptions): Promise<string> {
  const { name } = options;
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const tooSlow = () => unreachable({ kind: "too_slow", name, timeoutMs });
  try {
    let res: Response;
    try {
      const request = {
        signal: controller.signal,
        headers: {
          accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1",
          "user-agent": "MishpachaArticleSync/1.0",
        },
      };
      res = options.publicOnly
        ? await fetchPublic(feedUrl, request)
        : await fetch(feedUrl, { ...request, redirect: "follow" });
    } catch (err) {
      if (controller.signal.aborted) throw tooSlow();
      if (isPrivateAddressError(err)) {
        throw badFeed({ kind: "private_address", name });
      }
      throw unreachable({ kind: "unreachable", name, reason: networkReason(err) });
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw badFeed({ kind: "http_status", name, status: res.status });
    }
    const tooLarge = () => badFeed({ kind: "too_large", name, maxBytes });
    const declared = Number(res.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!res.body) return "";
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          throw tooLarge();
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (controller.signal.aborted) throw tooSlow();
      throw unreachable({ kind: "broke_off", name });
    }
    return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
  } finally {
    clearTimeout(timer);
  }
}

function networkReason(err: unknown): Extract<FeedFailure, { kind: "unreachable" }>["reason"] {
  const cause = (err as { cause?: { code?: string } })?.cause;
  const code = cause?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "not_found";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ECONNRESET") return "reset";
  if (code?.startsWith("CERT_") || code?.includes("TLS") || code?.includes("SSL")) return "certificate";
  return "network";
}

// The XML and HTML libraries are loaded with the first sync: a site without a newsletter feed never
// needs them. Set before any item is read; only parseFeed reaches the functions that use it.
let sanitizeHtml: typeof SanitizeHtml;
let xml: ReturnType<typeof loadXml> | undefined;
async function loadXml() {
  const [{ XMLParser, XMLValidator }, sanitize] = await Promise.all([
    import("fast-xml-parser"),
    import("sanitize-html"),
  ]);
  sanitizeHtml = sanitize.default;
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    // Keep every value a string: "<guid>1</guid>" must stay "1", never become the number 1.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: true,
    isArray: (_name, jPath) => jPath === "rss.channel.item" || jPath === "rss.channel.item.category",
  });
  return { parser, validator: XMLValidator };
}

/** Parses an RSS 2.0 document into items, or explains why it cannot. */
export async function parseFeed(body: string, name: string): Promise<FeedItem[]> {
  xml ??= loadXml();
  const { parser, validator } = await xml;
  const text = body.replace(/^\uFEFF/, "").trim();
  if (!text.startsWith("<")) {
    throw badFeed({ kind: "not_xml", name });
  }
  if (/^<(!doctype\s+html|html)[\s>]/i.test(text)) {
    throw badFeed({ kind: "web_page", name });
  }
  const valid = validator.validate(text);
  if (valid !== true) {
    throw badFeed({
      kind: "malformed_xml",
      name,
      line: valid.err.line,
      detail: valid.err.msg.replace(/\.$/, ""),
    });
  }
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch (err) {
    throw badFeed({ kind: "unreadable", name, detail: (err as Error).message });
  }
  const channel = (doc as { rss?: { channel?: unknown } })?.rss?.channel;
  if (!channel || typeof channel !== "object") {
    throw badFeed({ kind: "not_rss", name });
  }
  const rawItems = (channel as { item?: unknown }).item;
  const items = Array.isArray(rawItems) ? rawItems : [];
  const seen = new Set<string>();
  const result: FeedItem[] = [];
  for (const raw of items) {
    const item = toFeedItem(raw);
    if (!item || seen.has(item.guid)) continue;
    seen.add(item.guid);
    result.push(item);
  }
  return result;
}

type Node = Record<string, unknown>;

/** The text of an element that may carry attributes (`{ "#text": "…", "@_isPermaLink": "false" }`). */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === "object") return textOf((value as Node)["#text"]);
  return "";
}

function toFeedItem(raw: unknown): FeedItem | null {
  if (!raw || typeof raw !== "object") return null;
  const node = raw as Node;
  const title = clip(htmlToText(textOf(node.title)), LIMITS.shortText * 2);
  const url = safeUrl(textOf(node.link));
  const contentRaw = textOf(node["content:encoded"]);
  const descriptionRaw = textOf(node.description);
  const guid = textOf(node.guid).trim() || url || "";
  if (!title && !guid) return null;
  const stableGuid =
    guid ||
    `title:${createHash("sha256")
      .update(`${title}\n${textOf(node.pubDate)}`)
      .digest("hex")}`;

  const bodyText = htmlToText(contentRaw || descriptionRaw);
  const excerpt = excerptOf(htmlToText(descriptionRaw) || bodyText);
  const words = bodyText ? bodyText.split(/\s+/).filter(Boolean).length : 0;
  const published = new Date(textOf(node.pubDate) || textOf(node["dc:date"]));
  const categories = Array.isArray(node.category) ? node.category.map(textOf) : [];
  const author = htmlToText(textOf(node["dc:creator"]) || textOf(node.author));

  return {
    guid: stableGuid.slice(0, LIMITS.url),
    title: title || "Untitled",
    url,
    excerpt,
    contentHtml: contentRaw ? sanitizeArticleHtml(contentRaw) : null,
    author: author ? clip(author, LIMITS.name) : null,
    tags: splitTags(categories.map((c) => htmlToText(c)))
      .map((t) => clip(t, LIMITS.tag))
      .slice(0, LIMITS.tags),
    readingTime: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    publishedAt: Number.isNaN(published.getTime()) ? null : published,
  };
}

/** Only web links: a `javascript:` or `data:` link from a feed must never reach an href. */
export function safeUrl(value: string): string | null {
  const text = value.trim();
  if (!text || text.length > LIMITS.url) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const BLOCK_TAGS =
  /<(\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|figure|figcaption|section|article|header|footer)\b[^>]*)>/gi;

/** Plain text of an HTML fragment: scripts and styles dropped, entities decoded, spaces collapsed. */
function htmlToText(html: string): string {
  if (!html) return "";
  const escaped = sanitizeHtml(html.replace(BLOCK_TAGS, " <$1> "), {
    allowedTags: [],
    allowedAttributes: {},
  });
  // sanitize-html decodes entities and escapes only these on the way out; undo them for plain text.
  return escaped
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

const excerptOf = (text: string) => clip(text, EXCERPT_MAX);

/** The article body as safe HTML: formatting, links and images only; links open apart from the app. */
function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "iframe"),
      "img",
      "figure",
      "figcaption",
      "picture",
      "source",
    ],
    allowedAttributes: {
      // rel and target are set by the transform below, whatever the feed said.
      a: ["href", "title", "rel", "target"],
      img: ["src", "srcset", "alt", "title", "width", "height"],
      source: ["srcset", "type", "media"],
      "*": [],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"], source: ["http", "https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    },
  });
}
