import { useEffect, useState } from "react";
import { civilDayOf, minutesOfDayOf } from "~/core/calendar/civil";
import { hebrewDateText } from "~/core/calendar/hebrew-date";
import type { EventOccurrence } from "~/core/events/schemas";
import { formatClock, formatWeekdayDate } from "~/core/format";
import { zoneCity, zoneName } from "~/core/time-zones/names";
import { currentLocale, Trans, t } from "~/web/lib/i18n";
import { whenIdle } from "~/web/lib/idle";

/** The event's own clock as the server writes it ("7:00 PM"), in minutes since midnight. */
function zoneMinutes(zoneClock: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2}) ([AP]M)$/.exec(zoneClock);
  if (!match) return undefined;
  return ((Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0)) * 60 + Number(match[2]);
}

/** The event's clock as the page writes clocks: the server's "7:00 PM", or "19:00" in Hebrew. */
function zoneClockText(zoneClock: string): string {
  const minutes = zoneMinutes(zoneClock);
  if (currentLocale() !== "he" || minutes === undefined) return zoneClock;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Where the event happens, in the page's language: in English its zone's city at once; in another
 * language the name Intl gives its time, asked once the page has started (no `Intl` while a page
 * starts: docs/performance.md), so the server's render and the first in the browser leave it out.
 */
function useZoneName(zone: string | undefined): string | undefined {
  const locale = currentLocale();
  const [named, setNamed] = useState<{ zone: string; name: string }>();
  useEffect(() => {
    if (zone && locale !== "en") return whenIdle(() => setNamed({ zone, name: zoneName(zone, locale) }));
  }, [zone, locale]);
  if (!zone) return undefined;
  return locale === "en" ? zoneCity(zone) : named?.zone === zone ? named.name : undefined;
}

/**
 * When a date is, in her own zone, with its day's Hebrew date, and on the clock where it happens when
 * that differs: "Thu, Nov 26 · 7:00 PM your time · 15 Kislev 5787 · 2:00 AM in Jerusalem". The
 * event's clock comes from the server. The Hebrew date is the civil day's, the daytime's: a gathering
 * after nightfall belongs on the Hebrew calendar to the next day, but its place has no coordinates
 * to tell the sunset by, so the date beside the civil one is that day's.
 */
export function EventTime({
  date,
  className,
  before,
}: {
  date: Pick<EventOccurrence, "startsAt" | "endsAt" | "zoneClock" | "timeZone">;
  className?: string;
  /** Words before the date: "Weekly · next". */
  before?: string;
}) {
  const mine = formatClock(date.startsAt);
  const differs = minutesOfDayOf(date.startsAt) !== zoneMinutes(date.zoneClock);
  const place = useZoneName(differs ? date.timeZone : undefined);
  return (
    <p className={className}>
      {before && <span className="font-semibold text-sage-800">{before} </span>}
      <time dateTime={String(date.startsAt)}>
        {formatWeekdayDate(date.startsAt)} ·{" "}
        {differs ? t("{time} your time", { time: mine }) : `${mine} – ${formatClock(date.endsAt)}`}
      </time>
      <span className="font-normal text-muted">
        {" "}
        · {hebrewDateText(civilDayOf(date.startsAt), currentLocale())}
      </span>
      {differs && place && (
        <span className="text-muted">
          {" "}
          · <Trans id="{time} in {place}" values={{ time: zoneClockText(date.zoneClock), place }} />
        </span>
      )}
    </p>
  );
}
