import { lumaEventEntry, type LumaEntryInput } from "../../../tests/fakes/luma-entries";
import { mapLumaEntry, type LegacyLumaEntry, type LumaEventEntry } from "./luma-mapping";

// Today's shape comes from the fixture builder that follows Luma's OpenAPI document
// (tests/fakes/luma-entries.ts); the older nested shape is written out here.

const current = (overrides: Partial<LumaEntryInput> = {}, raw: Partial<LumaEventEntry> = {}): LumaEventEntry => ({
  ...lumaEventEntry({
    id: "evt-abc",
    name: " Full Moon Circle ",
    description: "Bring a journal.",
    startAt: new Date("2026-03-08T23:00:00.000Z"),
    endAt: new Date("2026-03-09T01:00:00.000Z"),
    timezone: "America/New_York",
    venue: {
      address: "The Loft",
      city: "Brooklyn",
      region: "New York",
      country: "United States",
      fullAddress: "120 Wythe Ave, Brooklyn, NY 11249, USA",
    },
    coordinate: { latitude: 40.7216, longitude: -73.9577 },
    coverUrl: "https://images.lumacdn.com/cover.png",
    url: "https://luma.com/full-moon",
    ...overrides,
  }),
  ...raw,
});

const legacy = (event: Partial<LegacyLumaEntry["event"]> = {}, tags: string[] = []): LegacyLumaEntry => ({
  api_id: "calev-1",
  event: {
    api_id: "evt-abc",
    name: " Full Moon Circle ",
    description: "Bring a journal.",
    start_at: "2026-03-08T23:00:00.000Z",
    end_at: "2026-03-09T01:00:00.000Z",
    timezone: "America/New_York",
    geo_address_json: { address: "The Loft", full_address: "120 Wythe Ave, Brooklyn, NY 11249" },
    geo_latitude: "40.7216",
    geo_longitude: "-73.9577",
    cover_url: "https://images.lumacdn.com/cover.png",
    url: "https://lu.ma/full-moon",
    visibility: "public",
    ...event,
  },
  tags: tags.map((name) => ({ api_id: `tag-${name}`, name })),
});

const mapped = (entry: unknown) => {
  const outcome = mapLumaEntry(entry);
  if (outcome.kind !== "event") throw new Error(`expected an event, got ${outcome.kind}`);
  return outcome.event;
};

describe("Luma mapping, today's shape", () => {
  it("maps every field the event page shows", () => {
    expect(mapped(current())).toEqual({
      externalId: "evt-abc",
      title: "Full Moon Circle",
      description: "Bring a journal.",
      imageUrl: "https://images.lumacdn.com/cover.png",
      startsAt: new Date("2026-03-08T23:00:00.000Z"),
      endsAt: new Date("2026-03-09T01:00:00.000Z"),
      timezone: "America/New_York",
      locationName: "The Loft",
      address: "120 Wythe Ave, Brooklyn, NY 11249, USA",
      latitude: 40.7216,
      longitude: -73.9577,
      onlineUrl: null,
      url: "https://luma.com/full-moon",
      featured: false,
      accessType: "public",
      type: "public",
    });
  });

  it("falls back to city, region and country when there is no full address", () => {
    const event = mapped(
      current({
        venue: { address: "Casa Azul", city: "Oaxaca", region: "Oaxaca", country: "Mexico", fullAddress: null },
      }),
    );
    expect(event).toMatchObject({ locationName: "Casa Azul", address: "Oaxaca, Oaxaca, Mexico" });
  });

  it("keeps online events online: no coordinate, the meeting platform as location_type", () => {
    const event = mapped(current({ venue: null, coordinate: null, meetingUrl: "https://zoom.us/j/1" }));
    expect(event).toMatchObject({
      locationName: "Online",
      address: null,
      latitude: null,
      longitude: null,
      onlineUrl: "https://zoom.us/j/1",
    });
    expect(mapped(current({ venue: null, coordinate: null }, { location_type: "meet" })).locationName).toBe("Online");
  });

  it("uses the Markdown description when the plain one is empty", () => {
    expect(mapped(current({}, { description: "", description_md: "**Bring** a journal." })).description).toBe(
      "**Bring** a journal.",
    );
  });

  it("takes members-only, the type and featured from visibility and tags", () => {
    expect(mapped(current({ visibility: "members-only" }))).toMatchObject({ accessType: "members", type: "members" });
    expect(mapped(current({ tags: ["Workshop"] })).type).toBe("workshop");
    expect(mapped(current({ tags: ["Socials", "featured"] }))).toMatchObject({ type: "social", featured: true });
  });

  it("lists external events of the calendar, which carry a host instead of a description", () => {
    const external = {
      platform: "external",
      id: "evt-ext",
      calendar_id: "cal-1",
      start_at: "2026-04-01T17:00:00.000Z",
      duration_interval: "PT1H",
      end_at: "2026-04-01T18:00:00.000Z",
      created_at: "2026-03-01T00:00:00.000Z",
      timezone: "Europe/Berlin",
      name: "Partner salon",
      geo_address_json: null,
      coordinate: null,
      url: "https://partner.example/salon",
      host: "Studio Klang",
      tags: [],
    };
    expect(mapped(external)).toMatchObject({
      externalId: "evt-ext",
      title: "Partner salon",
      description: "Hosted by Studio Klang.",
      timezone: "Europe/Berlin",
      url: "https://partner.example/salon",
      accessType: "public",
    });
  });

  it("skips private events and calls entries it cannot read unreadable", () => {
    expect(mapLumaEntry(current({ visibility: "private" }))).toEqual({ kind: "skipped" });
    expect(mapLumaEntry(current({}, { start_at: "not a date" }))).toEqual({ kind: "unreadable" });
    expect(mapLumaEntry({ platform: "luma", event_id: "evt-1", title: "A future shape" })).toEqual({
      kind: "unreadable",
    });
    expect(mapLumaEntry("evt-1")).toEqual({ kind: "unreadable" });
  });

  it("ignores unusable values", () => {
    const event = mapped(
      current({ coverUrl: "javascript:alert(1)", timezone: "Not/AZone", endAt: new Date("2026-03-08T22:00:00.000Z") }),
    );
    expect(event).toMatchObject({ imageUrl: null, timezone: "UTC", endsAt: null });
  });
});

describe("Luma mapping, the older nested shape", () => {
  it("still maps", () => {
    expect(mapped(legacy())).toMatchObject({
      externalId: "evt-abc",
      title: "Full Moon Circle",
      locationName: "The Loft",
      address: "120 Wythe Ave, Brooklyn, NY 11249",
      latitude: 40.7216,
      longitude: -73.9577,
      url: "https://lu.ma/full-moon",
    });
    expect(mapped(legacy({ visibility: "members-only" }, ["Socials", "featured"]))).toMatchObject({
      accessType: "members",
      type: "social",
      featured: true,
    });
    expect(mapLumaEntry(legacy({ visibility: "private" }))).toEqual({ kind: "skipped" });
    expect(mapped(legacy({ geo_address_json: null, meeting_url: "https://zoom.us/j/1" }))).toMatchObject({
      locationName: "Online",
      onlineUrl: "https://zoom.us/j/1",
    });
  });
});
