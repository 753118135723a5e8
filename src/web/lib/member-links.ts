/**
 * Finding the web addresses in what a member wrote, so they can be shown as links. Only http and
 * https addresses become links (a bare "www." address is taken as https); anything else, such as
 * `javascript:` or `data:`, stays plain text.
 */

export type TextPiece = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// An address starts at a word boundary with a scheme or "www." and runs to the next space or
// character that cannot be in a pasted address.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;

// Punctuation that usually ends the sentence around an address rather than the address itself.
const TRAILING = /[.,;:!?'*_~]+$/;
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops closing punctuation and unmatched closing brackets ("(see https://x.org/a)") from the end. */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING, "");
    const last = trimmed.at(-1) ?? "";
    const opener = CLOSERS[last];
    if (opener && count(trimmed, last) > count(trimmed, opener)) {
      url = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

/** The href for an address, or null when it is not a well-formed http(s) address with a host. */
export function safeHref(address: string): string | null {
  const withScheme = /^www\./i.test(address) ? `https://${address}` : address;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
  return withScheme;
}

/** `text` cut into plain pieces and links, in order; joined back together they give `text` again. */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const address = trimEnd(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    if (start > plainFrom) pieces.push({ kind: "text", text: text.slice(plainFrom, start) });
    pieces.push({ kind: "link", text: address, href });
    plainFrom = start + address.length;
  }
  if (plainFrom < text.length) pieces.push({ kind: "text", text: text.slice(plainFrom) });
  return pieces;
}
