import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS } from "date-fns/locale";

/** The zone's short name at that instant as people read it in en-US: "EST", "EDT", "GMT+2". */
export function zoneAbbreviation(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "short" }).formatToParts(instant);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timezone;
}

/** An instant formatted as a wall-clock time in an IANA zone; `zzz` stands for the zone's short name. */
export function formatInZone(instant: Date, timezone: string, pattern: string): string {
  const withZone = pattern.replaceAll("zzz", `'${zoneAbbreviation(instant, timezone)}'`);
  return format(new TZDate(instant.getTime(), timezone), withZone, { locale: enUS });
}

/** A `YYYY-MM-DDTHH:mm` wall-clock time in `timezone` as an instant. */
export function wallClockToInstant(local: string, timezone: string): Date {
  const [date, time] = local.split("T") as [string, string];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, timezone).getTime());
}

/** Where an event takes place, in one line. */
export function eventLocation(event: {
  locationName: string | null;
  address: string | null;
  onlineUrl: string | null;
}): string {
  const parts = [event.locationName, event.address].filter((part): part is string => Boolean(part));
  if (parts.length) return parts.join(", ");
  return event.onlineUrl ? "Online" : "To be announced";
}
