import "server-only";
import type { OffsetKind, TimeChoice } from "@/features/charts/types";
/**
 * Local birth time to UTC with the IANA zone's historical offsets (Node's ICU time zone data).
 * Before a zone adopted standard time, tzdata gives the local mean time of the zone's reference city;
 * we use the local mean time of the birth place itself (4 minutes per degree of longitude), as
 * astrologers do. A wall time that does not exist (DST gap) or occurs twice (DST fold) is reported with
 * both readings so that the member can choose.
 */

export interface LocalBirthTime {
  date: string; // YYYY-MM-DD
  time: string; // HH:mm, 24-hour
  timeZone: string;
  longitude: number;
}

export interface UtcReading {
  utc: Date;
  /** Minutes east of UTC used for this reading (fractional for local mean time). */
  offsetMinutes: number;
  /**
   * "standard" or "daylight" as far as can be told from the offset change; "lmt" for local mean time;
   * "manual" when the member gave the offset herself (from her birth certificate or astro.com).
   */
  kind: OffsetKind;
}

export type TimeResolution =
  { status: "ok"; reading: UtcReading } | { status: "fold" | "gap"; earlier: UtcReading; later: UtcReading };

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      era: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (seconds precision, so LMT shows as e.g. -296.03). */
export function zoneOffsetMinutes(timeZone: string, instant: number): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  let year = Number(parts.year);
  if (parts.era === "BC" || parts.era === "B") year = 1 - year;
  const wall = Date.UTC(
    year,
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const flooredInstant = Math.floor(instant / 1000) * 1000;
  return (wall - flooredInstant) / MINUTE;
}

function wallClockMs(date: string, time: string): number {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const [hh = 0, mm = 0] = time.split(":").map(Number);
  return Date.UTC(y, m - 1, d, hh, mm);
}

/** The zone's local mean time (its first offset in tzdata), or null for zones without one (Etc/...). */
function zoneLmtOffset(timeZone: string): number | null {
  const earliest = zoneOffsetMinutes(timeZone, Date.UTC(1700, 0, 1));
  return Number.isInteger(earliest) && earliest % 15 === 0 ? null : earliest;
}

export function resolveBirthTime(input: LocalBirthTime): TimeResolution {
  const wall = wallClockMs(input.date, input.time);
  const lmt = zoneLmtOffset(input.timeZone);
  const offsets = new Set<number>();
  for (const probe of [wall - 36 * 60 * MINUTE, wall, wall + 36 * 60 * MINUTE])
    offsets.add(zoneOffsetMinutes(input.timeZone, probe));
  const valid: UtcReading[] = [];
  for (const offset of offsets) {
    const instant = wall - offset * MINUTE;
    if (Math.abs(zoneOffsetMinutes(input.timeZone, instant) - offset) < 1 / 60)
      valid.push(reading(input, instant, offset, lmt, offsets));
  }
  valid.sort((a, b) => a.utc.getTime() - b.utc.getTime());
  const [first, last] = [valid[0], valid[valid.length - 1]];
  if (valid.length === 1 && first) return { status: "ok", reading: first };
  if (first && last && valid.length >= 2) return { status: "fold", earlier: first, later: last };
  // A gap: read the wall time with the offset in force before the change and with the one after it.
  const before = zoneOffsetMinutes(input.timeZone, wall - 36 * 60 * MINUTE);
  const after = zoneOffsetMinutes(input.timeZone, wall + 36 * 60 * MINUTE);
  const a = reading(input, wall - before * MINUTE, before, lmt, offsets);
  const b = reading(input, wall - after * MINUTE, after, lmt, offsets);
  return a.utc <= b.utc ? { status: "gap", earlier: a, later: b } : { status: "gap", earlier: b, later: a };
}

function reading(
  input: LocalBirthTime,
  instant: number,
  offset: number,
  lmt: number | null,
  offsets: Set<number>,
): UtcReading {
  if (lmt !== null && offset === lmt) {
    const localMean = input.longitude * 4; // minutes east of Greenwich
    return {
      utc: new Date(wallClockMs(input.date, input.time) - localMean * MINUTE),
      offsetMinutes: localMean,
      kind: "lmt",
    };
  }
  const year = Number(input.date.slice(0, 4));
  const seasons = [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].map((t) => zoneOffsetMinutes(input.timeZone, t));
  const kind = offset > Math.min(...seasons) || offset > Math.min(...offsets) ? "daylight" : "standard";
  return { utc: new Date(instant), offsetMinutes: offset, kind };
}

/** "+01:00" / "-03:30" to minutes east of UTC. */
export function parseUtcOffset(text: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a UTC offset: ${text}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * The local time read with an offset the member knows better than the time zone database: tzdata merged
 * zones whose clocks agree since 1970 (Iceland kept UTC-1 until 1968, ICU now says UTC+0), so for such
 * places and years her birth certificate or astro.com is the better source.
 */
export function readingWithOffset(date: string, time: string, offsetMinutes: number): UtcReading {
  return { utc: new Date(wallClockMs(date, time) - offsetMinutes * MINUTE), offsetMinutes, kind: "manual" };
}

/** The single UTC instant for a resolution and the member's choice (required for a gap or fold). */
export function pickReading(resolution: TimeResolution, choice: TimeChoice | undefined): UtcReading | null {
  if (resolution.status === "ok") return resolution.reading;
  if (!choice) return null;
  return choice === "earlier" ? resolution.earlier : resolution.later;
}
