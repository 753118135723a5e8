import { expect } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { createTestContext, type Member, type TestContext } from "./app";
import { linkIn, type Mailbox, startMailbox, tokenOf } from "./mailbox";

/** An app with its job worker whose mail goes to a real SMTP mailbox. */
export interface MailTestContext {
  t: TestContext;
  mailbox: Mailbox;
}

export async function createMailTestContext(env: Record<string, string>): Promise<MailTestContext> {
  const mailbox = await startMailbox();
  const t = await createTestContext(
    { SMTP_URL: mailbox.url, SITE_NAME: "Mishpacha", ...env },
    { jobs: true },
  );
  return { t, mailbox };
}

export async function closeMailTestContext(context: Partial<MailTestContext>) {
  await context.t?.close();
  await context.mailbox?.stop();
}

/** A member who proved her address (its verification mail taken from the mailbox). */
export async function verifiedMember(context: MailTestContext, firstName: string): Promise<Member> {
  const m = await context.t.member({ firstName });
  const link = linkIn((await context.mailbox.next(m.email)).text, "verify-email");
  const res = await m.client.call(authEndpoints.verifyEmail, { body: { token: tokenOf(link) } });
  expect(res.status).toBe(200);
  return m;
}
