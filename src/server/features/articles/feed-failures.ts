import { z } from "zod";
import { t } from "../../../core/i18n";

/**
 * Why a sync of the newsletter's feed failed: a kind and its values, kept with the sync's run and
 * written as a sentence when read, in the language of the administrator reading it. `name` is the
 * newsletter's name at the time ("Substack"); `detail` is a library's or the server's own words.
 */
export const FEED_FAILURE = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("too_slow"), name: z.string(), timeoutMs: z.number() }),
  z.object({ kind: z.literal("private_address"), name: z.string() }),
  z.object({
    kind: z.literal("unreachable"),
    name: z.string(),
    reason: z.enum(["not_found", "refused", "reset", "certificate", "network"]),
  }),
  z.object({ kind: z.literal("http_status"), name: z.string(), status: z.number().int() }),
  z.object({ kind: z.literal("too_large"), name: z.string(), maxBytes: z.number() }),
  z.object({ kind: z.literal("broke_off"), name: z.string() }),
  z.object({ kind: z.literal("not_xml"), name: z.string() }),
  z.object({ kind: z.literal("web_page"), name: z.string() }),
  z.object({ kind: z.literal("malformed_xml"), name: z.string(), line: z.number(), detail: z.string() }),
  z.object({ kind: z.literal("unreadable"), name: z.string(), detail: z.string() }),
  z.object({ kind: z.literal("not_rss"), name: z.string() }),
  /** Not the feed's doing: an error of the server's own, in its words. */
  z.object({ kind: z.literal("unexpected"), detail: z.string() }),
]);
export type FeedFailure = z.infer<typeof FEED_FAILURE>;
type Reason = Extract<FeedFailure, { kind: "unreachable" }>["reason"];

const REASONS = {
  not_found: () => t("the address was not found"),
  refused: () => t("the connection was refused"),
  reset: () => t("the connection was reset"),
  certificate: () => t("its certificate was not accepted"),
  network: () => t("a network error"),
} satisfies Record<Reason, () => string>;

const formatMegabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${bytes} bytes`;

/** The sentence an administrator reads, in the current language. */
export function feedFailureMessage(failure: FeedFailure): string {
  switch (failure.kind) {
    case "too_slow": {
      const { name, timeoutMs } = failure;
      return timeoutMs >= 1000
        ? t(
            "The {name} feed took longer than {seconds, plural, one {# second} other {# seconds}} to answer. Please try again later.",
            { name, seconds: Math.round(timeoutMs / 1000) },
          )
        : t("The {name} feed took longer than {ms} ms to answer. Please try again later.", {
            name,
            ms: timeoutMs,
          });
    }
    case "private_address":
      return t(
        "The {name} feed's address leads to a private network; the server reads feeds from public addresses only.",
        { name: failure.name },
      );
    case "unreachable":
      return t("Could not reach the {name} feed ({reason}). Please try again later.", {
        name: failure.name,
        reason: REASONS[failure.reason](),
      });
    case "http_status":
      return t(
        "The {name} feed answered with HTTP {status}. Check the newsletter feed address in Settings.",
        {
          name: failure.name,
          status: String(failure.status),
        },
      );
    case "too_large":
      return t("The {name} feed is larger than {size}.", {
        name: failure.name,
        size: formatMegabytes(failure.maxBytes),
      });
    case "broke_off":
      return t("The connection to the {name} feed broke off. Please try again later.", {
        name: failure.name,
      });
    case "not_xml":
      return t(
        "The {name} feed did not return XML. Check that the newsletter feed address in Settings points to the RSS feed.",
        {
          name: failure.name,
        },
      );
    case "web_page":
      return t(
        "The {name} feed address returned a web page, not an RSS feed. Check that the newsletter feed address in Settings points to the RSS feed (it usually ends in /feed).",
        { name: failure.name },
      );
    case "malformed_xml":
      return t("The {name} feed is not well-formed XML (line {line}: {detail}).", {
        name: failure.name,
        line: String(failure.line),
        detail: failure.detail,
      });
    case "unreadable":
      return t("The {name} feed could not be read ({detail}).", {
        name: failure.name,
        detail: failure.detail,
      });
    case "not_rss":
      return t(
        "The {name} feed is not an RSS 2.0 feed. Check that the newsletter feed address in Settings points to the RSS feed.",
        { name: failure.name },
      );
    case "unexpected":
      return t("The sync stopped on an error of the server ({detail}).", { detail: failure.detail });
  }
}

/** A stored failure's sentence; one that reads as no known kind says only that the sync failed. */
export function storedFailureMessage(stored: unknown): string {
  const failure = FEED_FAILURE.safeParse(stored);
  return failure.success ? feedFailureMessage(failure.data) : t("The sync failed.");
}
