import type { AddressObject, ParsedMail } from "mailparser";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  parsed: ParsedMail;
}

export interface Mailbox {
  port: number;
  /** The SMTP_URL that reaches this server. */
  url: string;
  received: ReceivedMail[];
  /** The next mail to this address not yet taken (waits for it to arrive). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to this address so far. */
  to(address: string): ReceivedMail[];
  /** Starts refusing every message (as a full or failing server does) or accepts again. */
  refuse(on: boolean): void;
  stop(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ""))
    .filter(Boolean);

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export async function startMailbox(options: { port?: number } = {}): Promise<Mailbox> {
  // Loaded here: every test file imports this one for its link helpers, few start a mailbox, and
  // the mail parser alone took most of a second to load.
  const [{ simpleParser }, { SMTPServer }] = await Promise.all([import("mailparser"), import("smtp-server")]);
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  let refusing = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          for (const to of addressesOf(parsed.to)) {
            received.push({
              to,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              messageId: parsed.messageId,
              parsed,
            });
          }
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  const to = (address: string) => received.filter((m) => m.to === address.toLowerCase());

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    next(address, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = to(address).find((m) => !taken.has(m));
          if (!found) return false;
          taken.add(found);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(
              `no mail to ${address} within ${timeoutMs} ms (received: ${received.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none"})`,
            ),
          );
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    refuse(on) {
      refusing = on;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link to one of the site's pages in a mail's plain-text part. */
export function linkIn(text: string, page: string): string {
  const found = text.match(new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`));
  if (!found) throw new Error(`no /${page} link in:\n${text}`);
  return found[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
