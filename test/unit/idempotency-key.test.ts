import { afterEach, describe, expect, it } from "vitest";
import { prayerEndpoints } from "~/core/prayer/endpoints";
import { call, setApiTransport } from "~/web/lib/api";

/** What the browser's client sent: one entry per request that left. */
interface Sent {
  url: string;
  key: string | undefined;
}

/**
 * A network in place of fetch: each request gets the next of `answers` (a Response, or an error
 * thrown as fetch throws when no answer came), and is recorded.
 */
function network(...answers: Array<() => Response | Error>) {
  const sent: Sent[] = [];
  setApiTransport(async (url, init) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ url, key: headers["Idempotency-Key"] });
    const next = answers.shift() ?? created;
    const answer = next();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return sent;
}

const created = () =>
  new Response(JSON.stringify({ id: 1 }), { status: 201, headers: { "content-type": "application/json" } });
const lostConnection = () => new TypeError("Failed to fetch");
const refused = () =>
  new Response(JSON.stringify({ message: "Please write your prayer request." }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });

const share = (content: string) => call(prayerEndpoints.share, { body: { content } });

afterEach(() => setApiTransport((url, init) => fetch(url, init)));

describe("the browser's Idempotency-Key", () => {
  it("keeps one key across the retries of one submit, and makes a new one for the next", async () => {
    const sent = network(lostConnection, created, created);
    await share("Peace for Jerusalem.");
    await share("Peace for Jerusalem.");

    expect(sent).toHaveLength(3);
    const [first, retry, next] = sent.map((s) => s.key);
    expect(first).toMatch(/^[\x21-\x7e]{16,255}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it("sends a second press of the same submit, while it is on its way, with its key", async () => {
    const sent = network();
    await Promise.all([
      share("Rest for the weary."),
      share("Rest for the weary."),
      share("Another request."),
    ]);

    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it("does not send a refused submit again", async () => {
    const sent = network(refused);
    await expect(share("")).rejects.toMatchObject({ status: 400 });
    expect(sent).toHaveLength(1);
  });

  it("sends no key on a change that is not a creation", async () => {
    const sent = network(() => new Response(JSON.stringify({}), { status: 200 }));
    await call(prayerEndpoints.markAnswered, { params: { id: 7 }, body: {} });
    expect(sent).toEqual([{ url: "/api/prayer-requests/7/answered", key: undefined }]);
  });
});
