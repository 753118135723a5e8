import type { EventOccurrence } from "~/core/events/schemas";
import { formatClock, formatWeekdayDate } from "~/core/format";

/** "Jerusalem" from "Asia/Jerusalem", "New York" from "America/New_York". */
export const zoneCity = (zone: string) => (zone.split("/").pop() ?? zone).replace(/_/g, " ");

/**
 * When a date is, in her own zone, and on the clock where it happens when that differs:
 * "Thu, Nov 26 · 7:00 PM your time · 2:00 AM in Jerusalem". The event's clock comes from the server.
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
  const differs = mine !== date.zoneClock;
  return (
    <p className={className}>
      {before && <span className="font-semibold text-sage-800">{before} </span>}
      <time dateTime={String(date.startsAt)}>
        {formatWeekdayDate(date.startsAt)} · {mine}
        {differs ? " your time" : ` – ${formatClock(date.endsAt)}`}
      </time>
      {differs && (
        <span className="text-muted">
          {" "}
          · {date.zoneClock} in {zoneCity(date.timeZone)}
        </span>
      )}
    </p>
  );
}
