import { describe, expect, it } from "vitest";
import { splitLinks } from "~/web/lib/member-links";

const links = (text: string) => splitLinks(text).filter((p) => p.kind === "link");
const joined = (text: string) =>
  splitLinks(text)
    .map((p) => p.text)
    .join("");

describe("links in what a member wrote", () => {
  it("finds an https address in the middle of a sentence", () => {
    expect(splitLinks("Read https://example.org/psalm-23 tonight")).toEqual([
      { kind: "text", text: "Read " },
      { kind: "link", text: "https://example.org/psalm-23", href: "https://example.org/psalm-23" },
      { kind: "text", text: " tonight" },
    ]);
  });

  it("finds http addresses and takes a bare www. address as https", () => {
    expect(links("old http://church.example.com and www.example.org/events")).toEqual([
      { kind: "link", text: "http://church.example.com", href: "http://church.example.com" },
      { kind: "link", text: "www.example.org/events", href: "https://www.example.org/events" },
    ]);
  });

  it("leaves the sentence's punctuation and an unmatched closing bracket out of the address", () => {
    expect(links("See https://example.org/a. Or (https://example.org/b), thanks!")).toEqual([
      { kind: "link", text: "https://example.org/a", href: "https://example.org/a" },
      { kind: "link", text: "https://example.org/b", href: "https://example.org/b" },
    ]);
  });

  it("keeps brackets that belong to the address", () => {
    expect(links("https://en.wikipedia.org/wiki/Ruth_(biblical_figure)")[0]?.href).toBe(
      "https://en.wikipedia.org/wiki/Ruth_(biblical_figure)",
    );
  });

  it("never makes a link of a javascript:, data: or other scheme", () => {
    for (const text of [
      "javascript:alert(1)",
      "click javascript://example.org/%0Aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://files.example.org/sermon.mp3",
      "mailto:ruth@example.org",
    ]) {
      expect(links(text)).toEqual([]);
    }
  });

  it("makes no link of an address without a real host", () => {
    expect(links("https:// and https://nohost and www. alone")).toEqual([]);
  });

  it("gives back exactly what she wrote when the pieces are joined", () => {
    const text = "Line one\nhttps://example.org/x?y=1&z=2#top, then (www.example.org).\n\nEnd";
    expect(joined(text)).toBe(text);
    expect(joined("")).toBe("");
  });

  it("leaves text without an address as one plain piece", () => {
    expect(splitLinks("Pleeeeeeeeeeeeeeeeeeeeeease pray")).toEqual([
      { kind: "text", text: "Pleeeeeeeeeeeeeeeeeeeeeease pray" },
    ]);
  });
});
