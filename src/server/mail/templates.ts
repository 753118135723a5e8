/**
 * The product's e-mails as pure functions: data in, { subject, text, html } out, no I/O.
 * Every mail goes through one layout, so the plain-text and HTML parts always carry the same words.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Recipient {
  siteName: string;
  /** The site's address, for the footer (and the sign-in hint in security notices). */
  siteUrl: string;
  /** Null or blank: the greeting goes without a name. */
  firstName: string | null;
  /** The address members may write to (CONTACT_EMAIL or the Settings tab), named in the footer. */
  contactEmail?: string | null;
}

// A paragraph is plain text, or runs of text with an emphasised value or a link to the site.
type Run = string | { strong: string } | { href: string };
type Paragraph = string | Run[];

interface MailContent extends Recipient {
  subject: string;
  heading: string;
  /** The line mail apps show next to the subject; hidden in the body. */
  preheader: string;
  before: Paragraph[];
  action?: { label: string; url: string };
  after?: Paragraph[];
  /** Why she received it, when she has no account yet. */
  footer?: string;
}

// Colours and fonts of the app (src/web/styles.css); no web fonts, mail clients would not load them.
const CREAM = "#fbf7f0";
const LINEN = "#ebe2d3";
const INK = "#2b3327";
const MUTED = "#5f5a4f";
const SAGE = "#4f6a48";
const SAGE_DARK = "#3f5539";
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content and for double-quoted attribute values alike. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

// Keeps "e-mail" whole: narrow phones would otherwise break it after the hyphen.
const htmlText = (value: string) =>
  escapeHtml(value).replace(/\be-mail\b/g, '<span style="white-space:nowrap">e-mail</span>');

/** Only http(s) links go into a mail: a "javascript:" or "data:" URL here would be a bug upstream. */
function checkedUrl(url: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error("Refusing to put a non-http(s) link in an e-mail");
  return url;
}

// Names are typed by members: fold line breaks and runs of spaces so the greeting stays one line.
const cleanName = (firstName: string | null) => firstName?.replace(/\s+/g, " ").trim() || "";

// "https://community.example.org/" reads as "community.example.org" in prose.
const displayUrl = (url: string) => url.replace(/^https?:\/\//i, "").replace(/\/$/, "");

const runs = (p: Paragraph): Run[] => (typeof p === "string" ? [p] : p);

// The text part shows full URLs: plain-text clients only turn "https://..." into links.
const paragraphText = (p: Paragraph) =>
  runs(p)
    .map((r) => (typeof r === "string" ? r : "strong" in r ? r.strong : checkedUrl(r.href)))
    .join("");

const linkStyle = `color:${SAGE_DARK};text-decoration:underline`;

const paragraphHtml = (p: Paragraph, style: string) =>
  `<p style="margin:0 0 16px;${style}">${runs(p)
    .map((r) => {
      if (typeof r === "string") return htmlText(r);
      if ("strong" in r) return `<strong style="color:${INK};font-weight:600">${htmlText(r.strong)}</strong>`;
      const href = checkedUrl(r.href);
      return `<a href="${escapeHtml(href)}" style="${linkStyle}">${escapeHtml(displayUrl(href))}</a>`;
    })
    .join("")}</p>`;

function layout(mail: MailContent): RenderedMail {
  const name = cleanName(mail.firstName);
  const greeting = name ? `Shalom, ${name},` : "Shalom,";
  const after = mail.after ?? [];
  const signOff = ["Blessings,", `The ${mail.siteName} team`];
  const siteUrl = checkedUrl(mail.siteUrl);
  const footer = mail.footer ?? `You received this e-mail because of your account at ${mail.siteName}.`;

  const text = [
    mail.heading,
    greeting,
    ...mail.before.map(paragraphText),
    // The link stands on its own line so every client can open or copy it whole.
    ...(mail.action ? [`${mail.action.label}:\n${checkedUrl(mail.action.url)}`] : []),
    ...after.map(paragraphText),
    signOff.join("\n"),
    // "-- " (with the space) is the signature delimiter mail apps recognise and fold away.
    `-- \n${footer}\n${mail.contactEmail ? `Questions? Write to ${mail.contactEmail}\n` : ""}${mail.siteName}: ${siteUrl}`,
  ].join("\n\n");

  const body = `font-family:${SANS};font-size:17px;line-height:1.6;color:${INK}`;
  const button = mail.action
    ? (() => {
        const href = escapeHtml(checkedUrl(mail.action.url));
        const label = escapeHtml(mail.action.label);
        // A padded link inside a coloured cell: the whole pill is tappable and still shows where images
        // and styles are blocked. The URL is printed below for clients that strip links.
        return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" class="button" style="margin:8px 0 24px">
<tr><td align="center" bgcolor="${SAGE}" style="border-radius:999px;background:${SAGE}">
<a href="${href}" style="display:inline-block;padding:15px 30px;border-radius:999px;font-family:${SANS};font-size:17px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none">${label}</a>
</td></tr></table>
<p style="margin:0 0 6px;font-family:${SANS};font-size:15px;line-height:1.5;color:${MUTED}">If the button doesn’t work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-family:${SANS};font-size:15px;line-height:1.5;word-break:break-all"><a href="${href}" style="${linkStyle}">${href}</a></p>`;
      })()
    : "";

  // Padding after the preheader keeps mail apps from pulling body text into the preview line.
  const preheaderPad = "&#8199;&#847;".repeat(60);

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(mail.subject)}</title>
<style>
  /* Phones: a little less padding and a full-width button. Clients without <style> keep the desktop look. */
  @media (max-width: 480px) {
    .card { padding: 28px 22px !important; }
    .button { width: 100% !important; }
    .button a { display: block !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:${CREAM};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(mail.preheader)}${preheaderPad}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${CREAM}" style="background:${CREAM}">
<tr><td align="center" style="padding:32px 12px">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td align="center" style="padding:0 0 20px;font-family:${SERIF};font-size:22px;line-height:1.3;color:${SAGE_DARK};letter-spacing:0.02em">${escapeHtml(mail.siteName)}</td></tr>
<tr><td class="card" bgcolor="#ffffff" style="background:#ffffff;border:1px solid ${LINEN};border-radius:16px;padding:36px 40px 28px">
<h1 style="margin:0 0 20px;font-family:${SERIF};font-size:26px;line-height:1.3;font-weight:normal;color:${INK}">${htmlText(mail.heading)}</h1>
${[greeting, ...mail.before].map((p) => paragraphHtml(p, body)).join("\n")}
${button}
${after.map((p) => paragraphHtml(p, body)).join("\n")}
<p style="margin:8px 0 0;${body}">${signOff.map(escapeHtml).join("<br>")}</p>
</td></tr>
<tr><td align="center" style="padding:20px 16px 0;font-family:${SANS};font-size:14px;line-height:1.6;color:${MUTED}">
${escapeHtml(footer)}<br>
${mail.contactEmail ? `Questions? Write to <a href="mailto:${escapeHtml(encodeURI(mail.contactEmail))}" style="color:${MUTED};text-decoration:underline">${escapeHtml(mail.contactEmail)}</a><br>\n` : ""}<a href="${escapeHtml(siteUrl)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(displayUrl(siteUrl))}</a>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;

  return { subject: mail.subject, text: `${text}\n`, html };
}

/** After registering: confirm the address. */
export function verifyEmailMail(input: Recipient & { link: string }): RenderedMail {
  const { siteName, link } = input;
  return layout({
    ...input,
    subject: `Confirm your e-mail address for ${siteName}`,
    heading: "Confirm your e-mail address",
    preheader: `One step left: confirm your address to finish joining ${siteName}.`,
    before: [
      `Welcome to ${siteName}. We’re so glad you’re here.`,
      "Please confirm that this is your e-mail address, and your account is ready.",
    ],
    action: { label: "Confirm my e-mail address", url: link },
    after: [
      `This link works for 24 hours. If you didn’t sign up for ${siteName}, you can ignore this e-mail.`,
    ],
  });
}

/** An administrator invites her to join: the link opens the register page with her address filled in. */
export function invitationMail(
  input: Omit<Recipient, "firstName"> & { inviterName: string; link: string; days: number },
): RenderedMail {
  const { siteName, inviterName, link, days } = input;
  return layout({
    ...input,
    firstName: null,
    subject: `${inviterName} invites you to join ${siteName}`,
    heading: `You’re invited to join ${siteName}`,
    preheader: `${inviterName} would love you to join ${siteName}.`,
    before: [
      [
        { strong: inviterName },
        " invites you to join ",
        { strong: siteName },
        ", a community of women growing together in faith.",
      ],
      "Choose a password, and your account is ready: no further confirmation needed.",
    ],
    action: { label: "Accept the invitation", url: link },
    after: [
      `This invitation works for ${days} days, once. If you weren’t expecting it, you can ignore this e-mail.`,
    ],
    footer: `You received this e-mail because ${inviterName} invited this address to ${siteName}.`,
  });
}

/** To the NEW address after a change on the profile page: following the link makes it hers. */
export function confirmEmailChangeMail(input: Recipient & { newEmail: string; link: string }): RenderedMail {
  const { siteName, newEmail, link } = input;
  return layout({
    ...input,
    subject: `Confirm your new e-mail address for ${siteName}`,
    heading: "Confirm your new e-mail address",
    preheader: `Follow the link to use this address for ${siteName}.`,
    before: [
      ["You asked to use ", { strong: newEmail }, ` for your ${siteName} account.`],
      "Please confirm it, and this will be your address from now on.",
    ],
    action: { label: "Use this address", url: link },
    after: [
      "This link works for 24 hours. If you didn’t ask for this, you can ignore this e-mail: nothing will change.",
    ],
  });
}

/** To the OLD address when a change is requested: nothing happens unless the new address confirms. */
export function emailChangeNoticeMail(
  input: Recipient & { newEmail: string; supportHint?: string | null },
): RenderedMail {
  const { siteName, siteUrl, newEmail, supportHint } = input;
  return layout({
    ...input,
    subject: `A request to change your e-mail address on ${siteName}`,
    heading: "A request to change your e-mail address",
    preheader: "Nothing changes unless the new address is confirmed.",
    before: [
      ["Someone asked to change the e-mail address on your account to ", { strong: newEmail }, "."],
      "Nothing changes unless the link we sent to that address is followed. If this was you, open that e-mail to finish.",
      // No button: a security notice should not invite a click; the site's own address is enough.
      ["If it wasn’t you, please sign in at ", { href: siteUrl }, " and change your password."],
      ...(supportHint ? [supportHint] : []),
    ],
  });
}

/** "Forgot your password?": a single-use link that lets her choose a new one. */
export function passwordResetMail(input: Recipient & { link: string }): RenderedMail {
  const { siteName, link } = input;
  return layout({
    ...input,
    subject: `Choose a new password for ${siteName}`,
    heading: "Choose a new password",
    preheader: "This link works for one hour.",
    before: [`We received a request to reset the password for your ${siteName} account.`],
    action: { label: "Choose a new password", url: link },
    after: [
      "This link works for one hour and only once.",
      "If you didn’t ask for this, you can ignore this e-mail: your password stays the same.",
    ],
  });
}

/** The dashboard's test mail, sent to the administrator who asked: mail from the site reaches her. */
export function testMail(input: Recipient): RenderedMail {
  const { siteName } = input;
  return layout({
    ...input,
    subject: `A test mail from ${siteName}`,
    heading: "Mail is working",
    preheader: "You asked for this test from the dashboard.",
    before: [
      `You sent this from the Status section of the ${siteName} dashboard.`,
      "If you are reading it, mail from the site reaches you. There is nothing more to do.",
    ],
  });
}

/** After a password change: tell her, and tell her what to do if it wasn't her. */
export function passwordChangedMail(input: Recipient & { supportHint?: string | null }): RenderedMail {
  const { siteName, siteUrl, supportHint } = input;
  return layout({
    ...input,
    subject: `Your ${siteName} password was changed`,
    heading: "Your password was changed",
    preheader: "If this was you, there’s nothing more to do.",
    before: [
      `The password for your ${siteName} account was changed, and your other devices were signed out.`,
      "If this was you, there’s nothing more to do.",
      [
        "If it wasn’t you, please go to ",
        { href: siteUrl },
        " and use “Forgot your password?” on the sign-in page to choose a new one.",
      ],
      ...(supportHint ? [supportHint] : []),
    ],
  });
}

/** The line of a notification mail's unsubscribe link, when it has one. */
const unsubscribeLine = (url: string | undefined): Paragraph[] =>
  url ? [["No more e-mails like this one: ", { href: url }]] : [];

/**
 * What she chose to hear of "right away": one mail for everything waiting for her, each line with
 * the link to its place.
 */
export function notificationsMail(
  input: Recipient & {
    items: Array<{ text: string; url: string }>;
    notificationsUrl: string;
    preferencesUrl: string;
    /** None for a mail no link may change (moderation notices only). */
    unsubscribeUrl: string | undefined;
  },
): RenderedMail {
  const [first] = input.items;
  const several = input.items.length > 1;
  const subject = several || !first ? `${input.items.length} new notifications` : first.text;
  return layout({
    ...input,
    subject,
    heading: several ? "While you were away" : "Something for you",
    preheader: first ? first.text : subject,
    before: input.items.map((item) => [`${item.text}: `, { href: item.url }]),
    action: { label: "See your notifications", url: input.notificationsUrl },
    after: [
      ["Choose what reaches your inbox, and when: ", { href: input.preferencesUrl }],
      ...unsubscribeLine(input.unsubscribeUrl),
    ],
  });
}

/** Her daily or weekly digest: what she has not read, under the headings of the preferences page. */
export function digestMail(
  input: Recipient & {
    frequency: "daily" | "weekly";
    sections: Array<{ title: string; items: Array<{ text: string; url: string }> }>;
    /** Notifications in this digest beyond those listed (the list stays short enough to read). */
    more: number;
    notificationsUrl: string;
    preferencesUrl: string;
    /** None for a mail no link may change (moderation notices only). */
    unsubscribeUrl: string | undefined;
  },
): RenderedMail {
  const count = input.sections.reduce((sum, s) => sum + s.items.length, 0) + input.more;
  const first = input.sections[0]?.items[0];
  const period = input.frequency === "daily" ? "Your daily digest" : "Your weekly digest";
  const subject = `${period}: ${count === 1 ? "1 new notification" : `${count} new notifications`}`;
  return layout({
    ...input,
    subject,
    heading: input.frequency === "daily" ? "Your day in the community" : "Your week in the community",
    preheader: first?.text ?? subject,
    before: [
      ...input.sections.flatMap((section): Paragraph[] => [
        [{ strong: section.title }],
        ...section.items.map((item): Paragraph => [`${item.text}: `, { href: item.url }]),
      ]),
      ...(input.more > 0 ? [`And ${input.more} more waiting for you.`] : []),
    ],
    action: { label: "See your notifications", url: input.notificationsUrl },
    after: [
      ["Choose what reaches your inbox, and when: ", { href: input.preferencesUrl }],
      ...unsubscribeLine(input.unsubscribeUrl),
    ],
  });
}

/**
 * Her receipt for one payment, from the verified webhook: who received it, how much, when, for
 * what, and its number. A gift (not patronage or a course) says nothing was given in return.
 */
export function receiptMail(
  input: Recipient & {
    receiptNumber: string;
    amount: string;
    date: string;
    description: string;
    gift: boolean;
    ministry: { legalName: string | null; address: string | null; taxId: string | null };
    givingUrl: string;
  },
): RenderedMail {
  const { siteName, ministry } = input;
  const received = ministry.legalName ?? siteName;
  const details: Paragraph[] = [
    ministry.legalName && ministry.legalName !== siteName ? `${ministry.legalName} (${siteName})` : siteName,
    ...(ministry.address ? [ministry.address.split("\n").join(", ")] : []),
    ...(ministry.taxId ? [`Tax ID: ${ministry.taxId}`] : []),
  ];
  return layout({
    ...input,
    subject: `Your receipt from ${siteName}: ${input.amount}, ${input.receiptNumber}`,
    heading: input.gift ? "Thank you for your gift" : "Thank you for your payment",
    preheader: `${input.amount} received on ${input.date}. Receipt ${input.receiptNumber}.`,
    before: [
      `${received} received your ${input.gift ? "gift" : "payment"}. Thank you for your generosity.`,
      ["Receipt: ", { strong: input.receiptNumber }],
      ["Amount: ", { strong: input.amount }],
      ["Date: ", { strong: input.date }],
      ["For: ", { strong: input.description }],
      ...(input.gift ? ["No goods or services were provided in exchange for this gift."] : []),
    ],
    action: { label: "See your giving", url: input.givingUrl },
    after: ["Please keep this e-mail for your records.", ...details],
  });
}
