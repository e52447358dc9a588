import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS } from "date-fns/locale";

/**
 * One formatter per zone, kept: building an Intl.DateTimeFormat loads the zone's data and costs about a
 * hundred times its use, and every list of events names the zones of its events (IANA names, a few hundred).
 */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant as people read it in en-US: "EST", "EDT", "GMT+2". */
export function zoneAbbreviation(instant: Date, timezone: string): string {
  let formatter = zoneNameFormats.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "short" });
    zoneNameFormats.set(timezone, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? timezone;
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
