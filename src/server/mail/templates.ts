/**
 * The product's e-mails as pure functions: data in, { subject, text, html } out, no I/O.
 * Every mail goes through one layout, so the plain-text and HTML parts always carry the same words.
 * Their words come from the catalogue, in her language: `locale` when given, else the language the
 * caller runs in (`inLocale`); a Hebrew mail is laid out right to left.
 */
import {
  currentLocale,
  directionOf,
  type Locale,
  type MessageId,
  type MessageValues,
  t,
} from "../../core/i18n";
import { inLocale } from "../i18n";

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
  /** Her language (users.locale, else the ministry's); without it, the language the caller runs in. */
  locale?: Locale;
}

/** Writes a mail in `locale`, or in the caller's language. */
const localized = <T>(locale: Locale | undefined, write: () => T): T =>
  locale ? inLocale(locale, write) : write();

/**
 * What a member or an administrator wrote (a name, a title), inside a sentence: marked, so that a
 * right-to-left mail's HTML holds it in an element of its own direction (`dir="auto"`); the plain
 * text, and a left-to-right mail, keep it as it is.
 */
export const memberText = (value: string) => `\uE001${value}\uE002`;
const MEMBER_TEXT = /\uE001([^\uE001\uE002]*)\uE002/g;
const plain = (value: string) => value.replace(/[\uE001\uE002]/g, "");

// A paragraph is plain text, or runs of text with an emphasised value or a link to the site.
type Run = string | { strong: string } | { href: string };
type Paragraph = string | Run[];

/**
 * A message whose placeholders are runs (a link, an emphasised name), as runs: the sentence's order
 * is the language's, the runs stay whole.
 */
function sentence(id: MessageId, values: MessageValues, runs: Record<string, Run>): Run[] {
  const marked = { ...values };
  for (const key of Object.keys(runs)) marked[key] = `\uE000${key}\uE000`;
  return t(id, marked)
    .split(/\uE000(\w+)\uE000/)
    .flatMap((part, i) => (i % 2 === 1 ? [runs[part]!] : part ? [part] : []));
}

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

/** Escaped for HTML; in a right-to-left mail, what a member wrote keeps its own direction. */
const memberHtml = (value: string) =>
  directionOf(currentLocale()) === "rtl"
    ? escapeHtml(value).replace(MEMBER_TEXT, '<span dir="auto">$1</span>')
    : escapeHtml(plain(value));

// Keeps "e-mail" whole: narrow phones would otherwise break it after the hyphen.
const htmlText = (value: string) =>
  memberHtml(value).replace(/\be-mail\b/g, '<span style="white-space:nowrap">e-mail</span>');

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
  plain(
    runs(p)
      .map((r) => (typeof r === "string" ? r : "strong" in r ? r.strong : checkedUrl(r.href)))
      .join(""),
  );

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
  const greeting = name ? t("Shalom, {name},", { name }) : t("Shalom,");
  const after = mail.after ?? [];
  const signOff = [t("Blessings,"), t("The {siteName} team", { siteName: mail.siteName })];
  const siteUrl = checkedUrl(mail.siteUrl);
  const footer =
    mail.footer ??
    t("You received this e-mail because of your account at {siteName}.", { siteName: mail.siteName });
  const locale = currentLocale();
  const rtl = directionOf(locale) === "rtl";
  // Right to left on every element that holds text: some mail apps drop <html> and its attributes.
  const dir = rtl ? ' dir="rtl"' : "";
  const align = rtl ? "text-align:right;" : "";
  const questions = (email: string) => t("Questions? Write to {email}", { email });

  const text = [
    plain(mail.heading),
    plain(greeting),
    ...mail.before.map(paragraphText),
    // The link stands on its own line so every client can open or copy it whole.
    ...(mail.action ? [`${mail.action.label}:\n${checkedUrl(mail.action.url)}`] : []),
    ...after.map(paragraphText),
    signOff.join("\n"),
    // "-- " (with the space) is the signature delimiter mail apps recognise and fold away.
    `-- \n${plain(footer)}\n${mail.contactEmail ? `${questions(mail.contactEmail)}\n` : ""}${mail.siteName}: ${siteUrl}`,
  ].join("\n\n");

  const body = `${align}font-family:${SANS};font-size:17px;line-height:1.6;color:${INK}`;
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
<p style="margin:0 0 6px;${align}font-family:${SANS};font-size:15px;line-height:1.5;color:${MUTED}">${escapeHtml(t("If the button doesn’t work, copy this link into your browser:"))}</p>
<p style="margin:0 0 24px;${align}font-family:${SANS};font-size:15px;line-height:1.5;word-break:break-all"><a href="${href}"${rtl ? ' dir="ltr"' : ""} style="${linkStyle}">${href}</a></p>`;
      })()
    : "";

  // Padding after the preheader keeps mail apps from pulling body text into the preview line.
  const preheaderPad = "&#8199;&#847;".repeat(60);

  const html = `<!DOCTYPE html>
<html lang="${locale}"${dir}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(plain(mail.subject))}</title>
<style>
  /* Phones: a little less padding and a full-width button. Clients without <style> keep the desktop look. */
  @media (max-width: 480px) {
    .card { padding: 28px 22px !important; }
    .button { width: 100% !important; }
    .button a { display: block !important; }
  }
</style>
</head>
<body${dir} style="margin:0;padding:0;background:${CREAM};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(plain(mail.preheader))}${preheaderPad}</div>
<table role="presentation"${dir} width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${CREAM}" style="background:${CREAM}">
<tr><td align="center" style="padding:32px 12px">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation"${dir} width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td align="center" style="padding:0 0 20px;font-family:${SERIF};font-size:22px;line-height:1.3;color:${SAGE_DARK};letter-spacing:0.02em">${escapeHtml(mail.siteName)}</td></tr>
<tr><td class="card"${dir} bgcolor="#ffffff" style="${align}background:#ffffff;border:1px solid ${LINEN};border-radius:16px;padding:36px 40px 28px">
<h1 style="margin:0 0 20px;${align}font-family:${SERIF};font-size:26px;line-height:1.3;font-weight:normal;color:${INK}">${htmlText(mail.heading)}</h1>
${[greeting, ...mail.before].map((p) => paragraphHtml(p, body)).join("\n")}
${button}
${after.map((p) => paragraphHtml(p, body)).join("\n")}
<p style="margin:8px 0 0;${body}">${signOff.map(escapeHtml).join("<br>")}</p>
</td></tr>
<tr><td align="center" style="padding:20px 16px 0;font-family:${SANS};font-size:14px;line-height:1.6;color:${MUTED}">
${memberHtml(footer)}<br>
${mail.contactEmail ? `${escapeHtml(questions("\uE000")).replace("\uE000", `<a href="mailto:${escapeHtml(encodeURI(mail.contactEmail))}" style="color:${MUTED};text-decoration:underline">${escapeHtml(mail.contactEmail)}</a>`)}<br>\n` : ""}<a href="${escapeHtml(siteUrl)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(displayUrl(siteUrl))}</a>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;

  return { subject: plain(mail.subject), text: `${text}\n`, html };
}

/** After registering: confirm the address. */
export function verifyEmailMail(input: Recipient & { link: string }): RenderedMail {
  const { siteName, link } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("Confirm your e-mail address for {siteName}", { siteName }),
      heading: t("Confirm your e-mail address"),
      preheader: t("One step left: confirm your address to finish joining {siteName}.", { siteName }),
      before: [
        t("Welcome to {siteName}. We’re so glad you’re here.", { siteName }),
        t("Please confirm that this is your e-mail address, and your account is ready."),
      ],
      action: { label: t("Confirm my e-mail address"), url: link },
      after: [
        t("This link works for 24 hours. If you didn’t sign up for {siteName}, you can ignore this e-mail.", {
          siteName,
        }),
      ],
    }),
  );
}

/** An administrator invites her to join: the link opens the register page with her address filled in. */
export function invitationMail(
  input: Omit<Recipient, "firstName"> & { inviterName: string; link: string; days: number },
): RenderedMail {
  const { siteName, link, days } = input;
  const inviterName = memberText(input.inviterName);
  return localized(input.locale, () =>
    layout({
      ...input,
      firstName: null,
      subject: t("{inviterName} invites you to join {siteName}", { inviterName, siteName }),
      heading: t("You’re invited to join {siteName}", { siteName }),
      preheader: t("{inviterName} would love you to join {siteName}.", { inviterName, siteName }),
      before: [
        sentence(
          "{inviterName} invites you to join {siteName}, a community of women growing together in faith.",
          {},
          { inviterName: { strong: inviterName }, siteName: { strong: siteName } },
        ),
        t("Choose a password, and your account is ready: no further confirmation needed."),
      ],
      action: { label: t("Accept the invitation"), url: link },
      after: [
        t(
          "This invitation works for {days, plural, one {# day} other {# days}}, once. If you weren’t expecting it, you can ignore this e-mail.",
          { days },
        ),
      ],
      footer: t("You received this e-mail because {inviterName} invited this address to {siteName}.", {
        inviterName,
        siteName,
      }),
    }),
  );
}

/** To the NEW address after a change on the profile page: following the link makes it hers. */
export function confirmEmailChangeMail(input: Recipient & { newEmail: string; link: string }): RenderedMail {
  const { siteName, newEmail, link } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("Confirm your new e-mail address for {siteName}", { siteName }),
      heading: t("Confirm your new e-mail address"),
      preheader: t("Follow the link to use this address for {siteName}.", { siteName }),
      before: [
        sentence(
          "You asked to use {email} for your {siteName} account.",
          { siteName },
          { email: { strong: newEmail } },
        ),
        t("Please confirm it, and this will be your address from now on."),
      ],
      action: { label: t("Use this address"), url: link },
      after: [
        t(
          "This link works for 24 hours. If you didn’t ask for this, you can ignore this e-mail: nothing will change.",
        ),
      ],
    }),
  );
}

/** To the OLD address when a change is requested: nothing happens unless the new address confirms. */
export function emailChangeNoticeMail(
  input: Recipient & { newEmail: string; supportHint?: string | null },
): RenderedMail {
  const { siteName, siteUrl, newEmail, supportHint } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("A request to change your e-mail address on {siteName}", { siteName }),
      heading: t("A request to change your e-mail address"),
      preheader: t("Nothing changes unless the new address is confirmed."),
      before: [
        sentence(
          "Someone asked to change the e-mail address on your account to {email}.",
          {},
          { email: { strong: newEmail } },
        ),
        t(
          "Nothing changes unless the link we sent to that address is followed. If this was you, open that e-mail to finish.",
        ),
        // No button: a security notice should not invite a click; the site's own address is enough.
        sentence(
          "If it wasn’t you, please sign in at {link} and change your password.",
          {},
          { link: { href: siteUrl } },
        ),
        ...(supportHint ? [supportHint] : []),
      ],
    }),
  );
}

/** "Forgot your password?": a single-use link that lets her choose a new one. */
export function passwordResetMail(input: Recipient & { link: string }): RenderedMail {
  const { siteName, link } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("Choose a new password for {siteName}", { siteName }),
      heading: t("Choose a new password"),
      preheader: t("This link works for one hour."),
      before: [t("We received a request to reset the password for your {siteName} account.", { siteName })],
      action: { label: t("Choose a new password"), url: link },
      after: [
        t("This link works for one hour and only once."),
        t("If you didn’t ask for this, you can ignore this e-mail: your password stays the same."),
      ],
    }),
  );
}

/** The dashboard's test mail, sent to the administrator who asked: mail from the site reaches her. */
export function testMail(input: Recipient): RenderedMail {
  const { siteName } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("A test mail from {siteName}", { siteName }),
      heading: t("Mail is working"),
      preheader: t("You asked for this test from the dashboard."),
      before: [
        t("You sent this from the Status section of the {siteName} dashboard.", { siteName }),
        t("If you are reading it, mail from the site reaches you. There is nothing more to do."),
      ],
    }),
  );
}

/** After a password change: tell her, and tell her what to do if it wasn't her. */
export function passwordChangedMail(input: Recipient & { supportHint?: string | null }): RenderedMail {
  const { siteName, siteUrl, supportHint } = input;
  return localized(input.locale, () =>
    layout({
      ...input,
      subject: t("Your {siteName} password was changed", { siteName }),
      heading: t("Your password was changed"),
      preheader: t("If this was you, there’s nothing more to do."),
      before: [
        t("The password for your {siteName} account was changed, and your other devices were signed out.", {
          siteName,
        }),
        t("If this was you, there’s nothing more to do."),
        sentence(
          "If it wasn’t you, please go to {link} and use “Forgot your password?” on the sign-in page to choose a new one.",
          {},
          { link: { href: siteUrl } },
        ),
        ...(supportHint ? [supportHint] : []),
      ],
    }),
  );
}

/** The line of a notification mail's unsubscribe link, when it has one. */
const unsubscribeLine = (url: string | undefined): Paragraph[] =>
  url ? [sentence("No more e-mails like this one: {link}", {}, { link: { href: url } })] : [];

/** A notification's line: its sentence (names and titles marked with `memberText`), and its link. */
const itemLine = (item: { text: string; url: string }): Paragraph => [`${item.text}: `, { href: item.url }];

/** How a mail of notifications ends: the way to them, her preferences, and the unsubscribe line. */
function notificationsEnding(input: {
  notificationsUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string | undefined;
}) {
  return {
    action: { label: t("See your notifications"), url: input.notificationsUrl },
    after: [
      sentence(
        "Choose what reaches your inbox, and when: {link}",
        {},
        { link: { href: input.preferencesUrl } },
      ),
      ...unsubscribeLine(input.unsubscribeUrl),
    ],
  };
}

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
  return localized(input.locale, () => {
    const [first] = input.items;
    const several = input.items.length > 1;
    const subject =
      several || !first
        ? t("{count, plural, one {# new notification} other {# new notifications}}", {
            count: input.items.length,
          })
        : first.text;
    return layout({
      ...input,
      subject,
      heading: several ? t("While you were away") : t("Something for you"),
      preheader: first ? first.text : subject,
      before: input.items.map(itemLine),
      ...notificationsEnding(input),
    });
  });
}

/** A digest's section: the preferences page's heading, and its lines. */
type Section = { title: MessageId; items: Array<{ text: string; url: string }> };

/**
 * Her daily or weekly digest: what she has not read, under the headings of the preferences page; or
 * (`"rest"`) what was held while she rested on Shabbat or a feast, sent once it is over.
 */
export function digestMail(
  input: Recipient & {
    frequency: "daily" | "weekly" | "rest";
    sections: Section[];
    /** Notifications in this digest beyond those listed (the list stays short enough to read). */
    more: number;
    notificationsUrl: string;
    preferencesUrl: string;
    /** None for a mail no link may change (moderation notices only). */
    unsubscribeUrl: string | undefined;
  },
): RenderedMail {
  return localized(input.locale, () => {
    const count = input.sections.reduce((sum, s) => sum + s.items.length, 0) + input.more;
    const first = input.sections[0]?.items[0];
    const subject =
      input.frequency === "daily"
        ? t("Your daily digest: {count, plural, one {# new notification} other {# new notifications}}", {
            count,
          })
        : input.frequency === "weekly"
          ? t("Your weekly digest: {count, plural, one {# new notification} other {# new notifications}}", {
              count,
            })
          : t("While you rested: {count, plural, one {# new notification} other {# new notifications}}", {
              count,
            });
    const heading =
      input.frequency === "daily"
        ? t("Your day in the community")
        : input.frequency === "weekly"
          ? t("Your week in the community")
          : t("While you rested");
    return layout({
      ...input,
      subject,
      heading,
      preheader: first?.text ?? subject,
      before: [
        ...(input.frequency === "rest" ? [t("Here is what came for you while you rested.")] : []),
        ...input.sections.flatMap((section): Paragraph[] => [
          [{ strong: t(section.title) }],
          ...section.items.map(itemLine),
        ]),
        ...(input.more > 0
          ? [t("And {count, plural, one {# more} other {# more}} waiting for you.", { count: input.more })]
          : []),
      ],
      ...notificationsEnding(input),
    });
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
  const { siteName, ministry, amount, date, receiptNumber } = input;
  const received = ministry.legalName ?? siteName;
  return localized(input.locale, () => {
    const details: Paragraph[] = [
      ministry.legalName && ministry.legalName !== siteName
        ? `${ministry.legalName} (${siteName})`
        : siteName,
      ...(ministry.address ? [ministry.address.split("\n").join(", ")] : []),
      ...(ministry.taxId ? [t("Tax ID: {taxId}", { taxId: ministry.taxId })] : []),
    ];
    const line = (id: MessageId, value: string) => sentence(id, {}, { value: { strong: value } });
    return layout({
      ...input,
      subject: t("Your receipt from {siteName}: {amount}, {receiptNumber}", {
        siteName,
        amount,
        receiptNumber,
      }),
      heading: input.gift ? t("Thank you for your gift") : t("Thank you for your payment"),
      preheader: t("{amount} received on {date}. Receipt {receiptNumber}.", { amount, date, receiptNumber }),
      before: [
        input.gift
          ? t("{name} received your gift. Thank you for your generosity.", { name: received })
          : t("{name} received your payment. Thank you for your generosity.", { name: received }),
        line("Receipt: {value}", receiptNumber),
        line("Amount: {value}", amount),
        line("Date: {value}", date),
        line("For: {value}", input.description),
        ...(input.gift ? [t("No goods or services were provided in exchange for this gift.")] : []),
      ],
      action: { label: t("See your giving"), url: input.givingUrl },
      after: [t("Please keep this e-mail for your records."), ...details],
    });
  });
}
