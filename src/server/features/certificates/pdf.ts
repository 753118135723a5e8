import fs from "node:fs";
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { writeCalendarDay } from "../../../core/format";
import { currentLocale, directionOf, t } from "../../../core/i18n";
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

/** "29 November 2026" (Hebrew "29 בנובמבר 2026"): the day it was made, on the clocks of `zone`. */
export function certificateDate(issuedAt: Date, zone: string): string {
  return writeCalendarDay(clockPartsIn(issuedAt, zone), { dayFirst: true });
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

/**
 * pdf-lib and its font kit are megabytes of the server's memory: they load with the first
 * certificate asked for, not when the server starts.
 */
const pdfLib = () => import("pdf-lib");
type PdfLib = Awaited<ReturnType<typeof pdfLib>>;

/** The page's colours: its words, the softer ones, the gold frame. */
const coloursOf = ({ rgb }: PdfLib) => ({
  ink: rgb(0.17, 0.15, 0.13),
  soft: rgb(0.42, 0.38, 0.34),
  gold: rgb(0.71, 0.55, 0.27),
});

/**
 * The certificate as a one-page A4 PDF (landscape): her name, the course, the date and the address
 * where anyone may check it. Made on request from the stored row; nothing is kept on disk.
 */
export async function certificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const lib = await pdfLib();
  const { ink, soft, gold } = coloursOf(lib);
  const doc = await lib.PDFDocument.create();
  const [a4Width, a4Height] = lib.PageSizes.A4;
  const page = doc.addPage([a4Height, a4Width]);
  const { width, height } = page.getSize();
  const words = {
    title: t("Certificate of Completion"),
    before: t("This is to say that"),
    middle: t("has finished the course"),
    date: t("on {date}", { date: certificateDate(facts.issuedAt, facts.timeZone) }),
    check: t("Anyone may check this certificate at"),
  };
  const hebrew = [facts.name, facts.courseTitle, facts.siteName, ...Object.values(words)].some((text) =>
    HEBREW.test(text),
  );
  const write = hebrew ? await hebrewWriter(doc, page, ink) : await latinWriter(lib, doc, page, ink);

  doc.setTitle(t("Certificate: {course}", { course: write.plain(facts.courseTitle) }));
  doc.setAuthor(write.plain(facts.siteName));
  doc.setSubject(
    t("{name} finished {course}", { name: write.plain(facts.name), course: write.plain(facts.courseTitle) }),
  );
  doc.setCreator(write.plain(facts.siteName));
  doc.setCreationDate(facts.issuedAt);
  doc.setModificationDate(facts.issuedAt);

  page.drawRectangle({
    x: 28,
    y: 28,
    width: width - 56,
    height: height - 56,
    borderColor: gold,
    borderWidth: 2,
  });
  page.drawRectangle({
    x: 38,
    y: 38,
    width: width - 76,
    height: height - 76,
    borderColor: gold,
    borderWidth: 0.75,
  });

  let y = height - 110;
  write.centred(facts.siteName.toUpperCase(), y, "sans", 12, soft);
  y -= 58;
  write.centred(words.title, y, "serif", 36);
  y -= 52;
  write.centred(words.before, y, "serif", 16, soft);
  y -= 50;
  for (const line of write.lines(facts.name, "bold", 32, width - 160).slice(0, 2)) {
    write.centred(line, y, "bold", 32);
    y -= 38;
  }
  y -= 8;
  write.centred(words.middle, y, "serif", 16, soft);
  y -= 38;
  for (const line of write.lines(facts.courseTitle, "bold", 24, width - 160).slice(0, 3)) {
    write.centred(line, y, "bold", 24);
    y -= 30;
  }
  y -= 6;
  write.centred(words.date, y, "serif", 16);

  write.centred(words.check, 86, "sans", 10, soft);
  write.centred(facts.verifyUrl, 70, "sans", 10, ink);
  return doc.save();
}

type Face = "serif" | "bold" | "sans";

/** How the page's text is written: centred on a line, broken into lines, and as plain metadata. */
interface Writer {
  centred(text: string, y: number, face: Face, size: number, color?: RGB): void;
  lines(text: string, face: Face, size: number, width: number): string[];
  plain(text: string): string;
}

const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/;

/** English and other Western European words: the standard PDF fonts, as before. */
async function latinWriter(
  { StandardFonts }: PdfLib,
  doc: PDFDocument,
  page: PDFPage,
  ink: RGB,
): Promise<Writer> {
  const fonts: Record<Face, PDFFont> = {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.TimesRomanBold),
    sans: await doc.embedFont(StandardFonts.Helvetica),
  };
  const { width } = page.getSize();
  return {
    centred(text, y, face, size, color = ink) {
      const font = fonts[face];
      const shown = writable(font, text);
      page.drawText(shown, { x: (width - font.widthOfTextAtSize(shown, size)) / 2, y, size, font, color });
    },
    lines: (text, face, size, max) => lines(fonts[face], writable(fonts[face], text), size, max),
    plain: (text) => writable(fonts.sans, text),
  };
}

const require = createRequire(import.meta.url);
const fontFile = (name: string) =>
  fs.readFileSync(require.resolve(`@fontsource/frank-ruhl-libre/files/${name}`));
const bidi = bidiFactory();

/**
 * A page with Hebrew on it: Frank Ruhl Libre (its Hebrew and Latin files, each letter in the file
 * that has it, embedded as subsets), each line put in visual order by the Unicode bidirectional
 * algorithm, right to left when the page is.
 */
async function hebrewWriter(doc: PDFDocument, page: PDFPage, ink: RGB): Promise<Writer> {
  doc.registerFontkit((await import("@pdf-lib/fontkit")).default);
  const embed = (file: string) => doc.embedFont(fontFile(file), { subset: true });
  const [latin, latinBold, hebrewRegular, hebrewBold] = await Promise.all([
    embed("frank-ruhl-libre-latin-400-normal.woff"),
    embed("frank-ruhl-libre-latin-700-normal.woff"),
    embed("frank-ruhl-libre-hebrew-400-normal.woff"),
    embed("frank-ruhl-libre-hebrew-700-normal.woff"),
  ]);
  const fontFor = (face: Face, hebrewLetters: boolean) =>
    face === "bold" ? (hebrewLetters ? hebrewBold : latinBold) : hebrewLetters ? hebrewRegular : latin;
  const direction = directionOf(currentLocale());
  // A line's runs, in the order they are drawn (left to right), each in the font that has its letters.
  const runs = (text: string, face: Face) => {
    const levels = bidi.getEmbeddingLevels(text, direction);
    const visual = bidi.getReorderedString(text, levels);
    // The runs stand in visual order; a Hebrew run's letters go back to reading order, since the
    // font's layout (fontkit) writes a Hebrew run right to left itself.
    return (visual.match(/[\u0590-\u05FF\uFB1D-\uFB4F]+|[^\u0590-\u05FF\uFB1D-\uFB4F]+/g) ?? []).map(
      (run) => {
        const hebrewRun = HEBREW.test(run);
        return { run: hebrewRun ? [...run].reverse().join("") : run, font: fontFor(face, hebrewRun) };
      },
    );
  };
  const measure = (text: string, face: Face, size: number) =>
    runs(text, face).reduce((sum, { run, font }) => sum + font.widthOfTextAtSize(run, size), 0);
  const { width } = page.getSize();
  return {
    centred(text, y, face, size, color = ink) {
      let x = (width - measure(text, face, size)) / 2;
      for (const { run, font } of runs(text, face)) {
        page.drawText(run, { x, y, size, font, color });
        x += font.widthOfTextAtSize(run, size);
      }
    },
    lines(text, face, size, max) {
      const out: string[] = [];
      let line = "";
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (line && measure(next, face, size) > max) {
          out.push(line);
          line = word;
        } else line = next;
      }
      if (line) out.push(line);
      return out;
    },
    plain: (text) => text,
  };
}
