import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS } from "date-fns/locale";

/** An instant formatted as a wall-clock time in an IANA zone. */
export function formatInZone(instant: Date, timezone: string, pattern: string): string {
  return format(new TZDate(instant.getTime(), timezone), pattern, { locale: enUS });
}

/** A `YYYY-MM-DDTHH:mm` wall-clock time in `timezone` as an instant. */
export function wallClockToInstant(local: string, timezone: string): Date {
  const [date, time] = local.split("T") as [string, string];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, timezone).getTime());
}

/** Where an event takes place, in one line. */
export function eventLocation(event: { locationName: string | null; address: string | null; onlineUrl: string | null }): string {
  const parts = [event.locationName, event.address].filter((part): part is string => Boolean(part));
  if (parts.length) return parts.join(", ");
  return event.onlineUrl ? "Online" : "To be announced";
}
