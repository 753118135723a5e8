import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { mailDueNotifications } from "../../src/server/features/notifications";
import { createMailer, type OutgoingMail } from "../../src/server/mail/transport";
import { createTestContext, type Member, succeeded, type TestContext } from "../support/app";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ MAIL_TRANSPORT: "log" });
});
afterAll(() => t.close());

/** A record a stranger would like the log to show: a reset link of her own, "mailed" to another. */
const FORGED = JSON.stringify({
  level: 30,
  msg: "Mail (not sent: MAIL_TRANSPORT=log)",
  to: "victim@example.test",
  subject: "Choose a new password",
  text: "https://evil.example/reset-password?token=x",
});

/** What the log transport writes for one mail, as the server's output receives it. */
async function written(mail: OutgoingMail): Promise<string> {
  const chunks: string[] = [];
  const mailer = await createMailer(t.config, (chunk) => chunks.push(chunk));
  await mailer.send(mail);
  mailer.close();
  return chunks.join("");
}

/** The mail she gets when a friend prays for her request: its subject names the friend, as stored. */
async function prayedForMail(author: Member, friend: Member) {
  const request = await succeeded(
    author.client.call(prayerEndpoints.share, { body: { content: "For rain." } }),
  );
  await succeeded(friend.client.call(prayerEndpoints.pray, { params: { id: request.id } }));
  // The sweep as it runs once the mail's delay (five minutes) has passed.
  await mailDueNotifications(t.database.db, t.config, new Date(Date.now() + 10 * 60_000));
  const mail = (await t.queuedMails(author.email)).find((m) => m.subject.includes("prayed for your request"));
  if (!mail) throw new Error("no notification mail queued");
  return mail;
}

describe("mail written to the server's output (MAIL_TRANSPORT=log)", () => {
  it("writes a line break a member's name carries as an escape, in one record per mail", async () => {
    const author = await t.member({ firstName: "Ruth" });
    await t.verify(author);
    const friend = await t.member({ firstName: "Esther" });
    // A name stored before names had to be one line: line breaks, then a forged record.
    const name = `Esther\r\n${FORGED}\n\u2028\u0085${FORGED}`;
    await t.database.pool.query("update users set first_name = $1 where id = $2", [name, friend.id]);
    const mail = await prayedForMail(author, friend);
    expect(mail.subject).toContain(FORGED);

    const output = await written(mail);
    const lines = output.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(2);
    // None of the forged record starts a line, nor does any character a viewer takes for a line break.
    expect(output).not.toMatch(/[\r\u0085\u2028\u2029]/);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ to: author.email, subject: mail.subject, text: mail.text });
  });

  it("keeps each mailed link whole on its record, to be followed", async () => {
    const author = await t.member({ firstName: "Hannah" });
    const [verification] = await t.queuedMails(author.email);
    const link = verification!.text.match(/https?:\/\/\S+verify-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const output = await written(verification!);
    expect(output).toContain(link);
    expect(output.trimEnd().split("\n")).toHaveLength(1);
  });
});
