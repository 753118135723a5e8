/** "m:ss", "h:mm:ss" or plain seconds typed by a person, to whole seconds. */

export const TIMECODE_MESSAGE = "Use minutes:seconds, like 4:05";

/** Seconds for "4:05", "1:02:03" or "245"; undefined for blank; null when it cannot be read. */
export function parseTimecode(input: string | null | undefined): number | null | undefined {
  const text = input?.trim();
  if (!text) return undefined;
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const match = /^(?:(\d{1,3}):)?(\d{1,4}):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  if (match[1] !== undefined && Number(minutes) > 59) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}
