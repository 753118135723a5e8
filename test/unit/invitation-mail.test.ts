import { describe, expect, it } from "vitest";
import { escapeHtml, invitationMail } from "../../src/server/mail/templates";

const link = "https://community.example.org/register?invitation=abc_DEF-123";
const mail = invitationMail({
  siteName: "Daughters of Zion",
  siteUrl: "https://community.example.org",
  inviterName: "Naomi <b>Feldman</b>",
  link,
  days: 7,
});

describe("the invitation mail", () => {
  it("says who invited her and to what ministry, in the subject and both parts", () => {
    expect(mail.subject).toBe("Naomi <b>Feldman</b> invites you to join Daughters of Zion");
    expect(mail.text).toContain("Naomi <b>Feldman</b> invites you to join Daughters of Zion");
    expect(mail.html).toContain(escapeHtml("Naomi <b>Feldman</b>"));
    expect(mail.html).not.toContain("<b>Feldman</b>");
  });

  it("carries the link whole, on its own line in the text and as the button in the HTML", () => {
    expect(mail.text.split("\n")).toContain(link);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  });

  it("says how long it works and why she received it, though she has no account", () => {
    expect(mail.text).toContain("works for 7 days, once");
    expect(mail.text).toContain("because Naomi <b>Feldman</b> invited this address to Daughters of Zion");
    expect(mail.text).not.toContain("because of your account");
  });

  it("reads on a phone: a viewport and a full-width button", () => {
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toMatch(/@media \(max-width: 480px\)/);
  });
});
