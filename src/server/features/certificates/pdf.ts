import { PageSizes, PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { MONTHS } from "../../../core/format";
import { clockPartsIn } from "../../../core/zoned-time";

/** What a certificate's page says. */
export interface CertificateFacts {
  siteName: string;
  name: string;
  courseTitle: string;
  issuedAt: Date;
  /** The zone whose calendar gives the date written on it (hers, else the ministry's). */
  timeZone: string;
  verifyUrl: string;
}

/** "29 November 2026": the day the certificate was made, on the clocks of `zone`. */
export function certificateDate(issuedAt: Date, zone: string): string {
  const { year, month, day } = clockPartsIn(issuedAt, zone);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** Latin letters with no accent to take off, and the plain letter each is written with. */
const PLAIN_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

/**
 * The standard PDF fonts write Western European letters (WinAnsi) only: other Latin letters lose
 * their accents ("Łucja Dvořák" is written "Lucja Dvorák"), and anything else becomes "?" rather
 * than failing the download. The verification page, in the browser, shows the name as written.
 */
function writable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.normalize("NFC")) {
    if (supported.has(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const bare = PLAIN_LETTERS[ch] ?? ch.normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...bare].every((c) => supported.has(c.codePointAt(0)!)) && bare ? bare : "?";
  }
  return out;
}

/** Breaks `text` into lines no wider than `width` at `size`, on spaces. */
function lines(font: PDFFont, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

const INK = rgb(0.17, 0.15, 0.13);
const SOFT = rgb(0.42, 0.38, 0.34);
const GOLD = rgb(0.71, 0.55, 0.27);

/**
 * The certificate as a one-page A4 PDF (landscape): her name, the course, the date and the address
 * where anyone may check it. Made on request from the stored row; nothing is kept on disk.
 */
export async function certificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [a4Width, a4Height] = PageSizes.A4;
  const page = doc.addPage([a4Height, a4Width]);
  const { width, height } = page.getSize();
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);

  const name = writable(serifBold, facts.name);
  const course = writable(serifBold, facts.courseTitle);
  doc.setTitle(`Certificate: ${course}`);
  doc.setAuthor(writable(sans, facts.siteName));
  doc.setSubject(`${name} finished ${course}`);
  doc.setCreator(writable(sans, facts.siteName));
  doc.setCreationDate(facts.issuedAt);
  doc.setModificationDate(facts.issuedAt);

  page.drawRectangle({
    x: 28,
    y: 28,
    width: width - 56,
    height: height - 56,
    borderColor: GOLD,
    borderWidth: 2,
  });
  page.drawRectangle({
    x: 38,
    y: 38,
    width: width - 76,
    height: height - 76,
    borderColor: GOLD,
    borderWidth: 0.75,
  });

  const centred = (text: string, y: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });

  let y = height - 110;
  centred(writable(sans, facts.siteName).toUpperCase(), y, sans, 12, SOFT);
  y -= 58;
  centred("Certificate of Completion", y, serif, 36);
  y -= 52;
  centred("This is to say that", y, serif, 16, SOFT);
  y -= 50;
  for (const line of lines(serifBold, name, 32, width - 160).slice(0, 2)) {
    centred(line, y, serifBold, 32);
    y -= 38;
  }
  y -= 8;
  centred("has finished the course", y, serif, 16, SOFT);
  y -= 38;
  for (const line of lines(serifBold, course, 24, width - 160).slice(0, 3)) {
    centred(line, y, serifBold, 24);
    y -= 30;
  }
  y -= 6;
  centred(`on ${certificateDate(facts.issuedAt, facts.timeZone)}`, y, serif, 16);

  centred("Anyone may check this certificate at", 86, sans, 10, SOFT);
  centred(writable(sans, facts.verifyUrl), 70, sans, 10, INK);
  return doc.save();
}
