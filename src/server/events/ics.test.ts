import ical, { type VEvent } from "node-ical";
import { events } from "@/db/schema";
import { eventsToIcs } from "./ics";
import { formatInZone, wallClockToInstant } from "./time";

type EventRow = typeof events.$inferSelect;

function row(
  id: number,
  startLocal: string,
  endLocal: string,
  timezone: string,
  overrides: Partial<EventRow> = {},
): EventRow {
  return {
    id,
    source: "internal",
    externalId: null,
    title: `Circle ${id}`,
    description: "Tea, journaling; and a meditation, too.",
    imageUrl: null,
    startsAt: wallClockToInstant(startLocal, timezone),
    endsAt: wallClockToInstant(endLocal, timezone),
    timezone,
    locationName: "The Loft",
    address: "120 Wythe Ave, Brooklyn, NY",
    latitude: null,
    longitude: null,
    onlineUrl: null,
    url: null,
    featured: false,
    accessType: "public",
    type: "public",
    capacity: null,
    status: "scheduled",
    createdBy: null,
    lastSyncedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

function parsedEvents(body: string): VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");
}

describe("ICS output (parsed with node-ical, an independent parser)", () => {
  // US daylight saving ends on Sunday 1 November 2026 and Europe's on 25 October 2026: the same
  // 7 pm wall-clock time is a different UTC offset on either side.
  const rows = [
    row(1, "2026-10-29T19:00", "2026-10-29T21:00", "America/New_York"),
    row(2, "2026-11-05T19:00", "2026-11-05T21:00", "America/New_York"),
    row(3, "2026-10-22T19:30", "2026-10-22T21:00", "Europe/Berlin"),
    row(4, "2026-10-29T19:30", "2026-10-29T21:00", "Europe/Berlin", { status: "cancelled" }),
  ];
  const body = eventsToIcs(rows, {
    name: "Community Events",
    baseUrl: "https://community.example",
    host: "community.example",
  });
  const parsed = parsedEvents(body);

  it("has one VEVENT per event, each with a VTIMEZONE for its zone", () => {
    expect(parsed).toHaveLength(4);
    expect(body).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(body).toContain("TZID:Europe/Berlin");
    expect(body).toContain("DTSTART;TZID=America/New_York:20261029T190000");
    expect(body).toContain("DTSTART;TZID=America/New_York:20261105T190000");
  });

  it("keeps the wall-clock time across the DST change and the right instants", () => {
    const byUid = new Map(parsed.map((event) => [event.uid, event]));
    for (const source of rows) {
      const event = byUid.get(`event-${source.id}@community.example`)!;
      expect(event.start.getTime()).toBe(source.startsAt.getTime());
      expect(event.end!.getTime()).toBe(source.endsAt!.getTime());
      expect(event.start.tz).toBe(source.timezone);
    }
    expect(formatInZone(byUid.get("event-1@community.example")!.start, "America/New_York", "HH:mm")).toBe("19:00");
    expect(formatInZone(byUid.get("event-2@community.example")!.start, "America/New_York", "HH:mm")).toBe("19:00");
    // 7 pm EDT is 23:00 UTC; after the change, 7 pm EST is midnight UTC.
    expect(byUid.get("event-1@community.example")!.start.toISOString()).toBe("2026-10-29T23:00:00.000Z");
    expect(byUid.get("event-2@community.example")!.start.toISOString()).toBe("2026-11-06T00:00:00.000Z");
    expect(byUid.get("event-3@community.example")!.start.toISOString()).toBe("2026-10-22T17:30:00.000Z");
    expect(byUid.get("event-4@community.example")!.start.toISOString()).toBe("2026-10-29T18:30:00.000Z");
  });

  it("carries title, place, page link and status, escaped", () => {
    const event = parsed.find((e) => e.uid === "event-1@community.example")!;
    expect(event.summary).toBe("Circle 1");
    expect(event.location).toBe("The Loft, 120 Wythe Ave, Brooklyn, NY");
    expect(event.description).toContain("Tea, journaling; and a meditation, too.");
    expect(event.description).toContain("https://community.example/events/1");
    expect(parsed.find((e) => e.uid === "event-4@community.example")!.status).toBe("CANCELLED");
  });
});

describe("times in the event's zone", () => {
  it("names the zone as en-US readers expect, on either side of a DST change", () => {
    expect(formatInZone(new Date("2026-10-29T23:00:00Z"), "America/New_York", "MMM d, yyyy h:mm a zzz")).toBe(
      "Oct 29, 2026 7:00 PM EDT",
    );
    expect(formatInZone(new Date("2026-11-06T00:00:00Z"), "America/New_York", "h:mm a zzz")).toBe("7:00 PM EST");
    expect(formatInZone(new Date("2026-07-01T17:30:00Z"), "Europe/Berlin", "h:mm a zzz")).toBe("7:30 PM GMT+2");
  });

  it("turns a wall-clock time in a zone into the right instant", () => {
    expect(wallClockToInstant("2030-03-12T19:00", "America/New_York").toISOString()).toBe("2030-03-12T23:00:00.000Z");
    expect(wallClockToInstant("2030-03-07T18:00", "America/New_York").toISOString()).toBe("2030-03-07T23:00:00.000Z");
  });
});
