import { describe, expect, it } from "vitest";
import {
  confirmEmailChangeMail,
  emailChangeNoticeMail,
  escapeHtml,
  passwordChangedMail,
  passwordResetMail,
  type RenderedMail,
  receiptMail,
  verifyEmailMail,
} from "../../src/server/mail/templates";

const siteUrl = "https://community.example.org";
const link = "https://community.example.org/verify?token=abc&next=/home";
const base = { siteName: "Mishpacha", siteUrl, firstName: "Ruth" as string | null };
const givingUrl = "https://community.example.org/profile/giving/2026";
const receipt = {
  receiptNumber: "No. 000123",
  amount: "$25.00",
  date: "November 26, 2026",
  description: "Monthly gift",
  gift: true,
  ministry: {
    legalName: "Mishpacha Ministries, Inc.",
    address: "12 Olive Lane\nNashville, TN",
    taxId: "12-3456789",
  },
  givingUrl,
};

// Every template, with the links it was given, so each check runs over all of them.
const all = (over: Partial<typeof base> = {}): [string, RenderedMail, string[]][] => {
  const b = { ...base, ...over };
  return [
    ["verifyEmail", verifyEmailMail({ ...b, link }), [link]],
    ["confirmEmailChange", confirmEmailChangeMail({ ...b, newEmail: "new@example.net", link }), [link]],
    [
      "emailChangeNotice",
      emailChangeNoticeMail({ ...b, newEmail: "new@example.net", supportHint: null }),
      [],
    ],
    ["passwordReset", passwordResetMail({ ...b, link }), [link]],
    ["passwordChanged", passwordChangedMail(b), []],
    ["receipt", receiptMail({ ...b, ...receipt }), [givingUrl]],
  ];
};

describe.each(all())("%s", (_name, mail, links) => {
  it("names the site in the subject and the <title>", () => {
    expect(mail.subject).toContain("Mishpacha");
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it("greets her by name in both parts", () => {
    expect(mail.text).toContain("Shalom, Ruth,");
    expect(mail.html).toContain("Shalom, Ruth,");
  });

  it("puts each link in both parts, whole and on its own line in the text", () => {
    for (const url of links) {
      expect(mail.text.split("\n")).toContain(url);
      expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    }
  });

  it("links only to the given URLs and the site: no images, scripts or other addresses", () => {
    expect(mail.html).not.toMatch(/<img|<script|<link|url\(|@import/i);
    const urls = mail.html.match(/https?:\/\/[^\s"<]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    const allowed = [...links.map(escapeHtml), siteUrl];
    for (const url of urls) expect(allowed).toContain(url);
  });

  it("carries the same words in text and HTML", () => {
    // Each text paragraph (bar the signature block) appears in the HTML once tags are stripped.
    // Inline site links read "community.example.org" in HTML, so the scheme is dropped on both sides.
    const plain = (s: string) => s.replace(/https:\/\//g, "").replace(/\s+/g, " ");
    const visible = mail.html
      .replace(/<(title|style)>[\s\S]*?<\/\1>|<div style="display:none[^>]*>.*?<\/div>/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
    const paragraphs = mail.text.split("-- \n")[0]!.split("\n\n");
    for (const p of paragraphs) {
      for (const line of p.split("\n")) {
        if (line.endsWith(":")) continue; // the button label line, which the HTML shows on the button
        expect(plain(visible)).toContain(plain(line));
      }
    }
  });
});

describe("escaping", () => {
  it.each(all({ firstName: "<b>Ruth</b>", siteName: 'Tom & "Jerry"' }))(
    "%s escapes names in HTML and keeps them raw in text",
    (_name, mail) => {
      expect(mail.html).toContain("Shalom, &lt;b&gt;Ruth&lt;/b&gt;,");
      expect(mail.html).not.toContain("<b>Ruth</b>");
      expect(mail.html).toContain("Tom &amp; &quot;Jerry&quot;");
      expect(mail.text).toContain("Shalom, <b>Ruth</b>,");
      expect(mail.subject).toContain('Tom & "Jerry"');
    },
  );

  it("escapes the new address and a support hint", () => {
    const mail = emailChangeNoticeMail({
      ...base,
      newEmail: '"><script>x</script>@evil.example',
      supportHint: "Write to <care@example.org>",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&quot;&gt;&lt;script&gt;");
    expect(mail.html).toContain("Write to &lt;care@example.org&gt;");
    expect(mail.text).toContain("Write to <care@example.org>");
  });

  it("escapes links inside attributes and refuses non-http links", () => {
    const tricky = 'https://example.org/x?a=1&b="2"';
    expect(passwordResetMail({ ...base, link: tricky }).html).toContain(
      'href="https://example.org/x?a=1&amp;b=&quot;2&quot;"',
    );
    expect(() => passwordResetMail({ ...base, link: "javascript:alert(1)" })).toThrow();
    expect(() => passwordChangedMail({ ...base, siteUrl: "data:text/html,hi" })).toThrow();
  });
});

describe("details", () => {
  it("greets without a name when there is none", () => {
    for (const firstName of [null, "", "   "]) {
      const mail = verifyEmailMail({ ...base, firstName, link });
      expect(mail.text).toMatch(/^Shalom,$/m);
      expect(mail.html).toContain(">Shalom,</p>");
    }
  });

  it("keeps a name with line breaks on one line", () => {
    expect(verifyEmailMail({ ...base, firstName: "Ruth\r\nBcc: x", link }).text).toContain(
      "Shalom, Ruth Bcc: x,",
    );
  });

  it("states how long each link works", () => {
    expect(verifyEmailMail({ ...base, link }).text).toContain("24 hours");
    expect(confirmEmailChangeMail({ ...base, newEmail: "n@example.net", link }).text).toContain("24 hours");
    expect(passwordResetMail({ ...base, link }).text).toContain("one hour and only once");
  });

  it("tells the old address what is happening and what to do", () => {
    const { text } = emailChangeNoticeMail({ ...base, newEmail: "n@example.net", supportHint: "Ask us." });
    expect(text).toContain("to n@example.net.");
    expect(text).toContain("Nothing changes unless");
    expect(text).toContain(`sign in at ${siteUrl} and change your password`);
    expect(text).toContain("Ask us.");
  });

  it("points to “Forgot your password?” after a password change", () => {
    const { text } = passwordChangedMail(base);
    expect(text).toContain("other devices were signed out");
    expect(text).toContain("“Forgot your password?”");
  });

  it("gives a receipt's number, amount, date, purpose and the ministry's details in both parts", () => {
    const mail = receiptMail({ ...base, ...receipt });
    expect(mail.subject).toBe("Your receipt from Mishpacha: $25.00, No. 000123");
    for (const part of [mail.text, mail.html]) {
      for (const words of ["No. 000123", "$25.00", "November 26, 2026", "Monthly gift", "12-3456789"]) {
        expect(part).toContain(words);
      }
      expect(part).toContain("12 Olive Lane, Nashville, TN");
      expect(part).toContain("No goods or services were provided in exchange for this gift.");
    }
    // A patron payment is no gift: nothing about goods and services.
    const payment = receiptMail({ ...base, ...receipt, description: "Patron membership", gift: false });
    expect(payment.text).not.toContain("No goods or services");
    expect(payment.text).toContain("Thank you for your payment");
  });
});
