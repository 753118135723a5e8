import type { ElementType } from "react";
import { cn } from "~/web/lib/cn";
import { splitLinks } from "~/web/lib/member-links";

/**
 * What a member wrote (a prayer request, a response, her "About Me", a group's description…),
 * shown as she wrote it: her line breaks kept, a long word or pasted address wrapped wherever it
 * must so it never widens the page on a phone, and her http(s) addresses as links that open in a
 * new tab and carry no weight for search engines (`nofollow ugc`).
 */
export function MemberText({
  text,
  as: Tag = "p",
  className,
  keepSpaces = false,
  id,
}: {
  text: string;
  /** The element that holds the text: a paragraph unless said otherwise. */
  as?: ElementType;
  className?: string;
  /** Keep runs of spaces as typed (notes), not only line breaks. */
  keepSpaces?: boolean;
  id?: string;
}) {
  return (
    <Tag
      id={id}
      // Her words read in their own direction, whatever the page's language.
      dir="auto"
      className={cn("wrap-anywhere", keepSpaces ? "whitespace-pre-wrap" : "whitespace-pre-line", className)}
    >
      {splitLinks(text).map((piece, i) =>
        piece.kind === "text" ? (
          piece.text
        ) : (
          <a
            // Fixed pieces in a fixed order: the position is a stable key.
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener nofollow ugc"
            // Above a card-wide link (home's previews open the request): her link stays pressable.
            className="relative z-10 font-semibold text-sage-700 underline underline-offset-2 hover:text-sage-800"
          >
            {piece.text}
          </a>
        ),
      )}
    </Tag>
  );
}
