import { mapLumaEntry, type LumaEntry } from "./luma-mapping";

const entry = (event: Partial<LumaEntry["event"]> = {}, tags: string[] = []): LumaEntry => ({
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

describe("Luma mapping", () => {
  it("maps Luma's fields onto our event", () => {
    expect(mapLumaEntry(entry())).toEqual({
      externalId: "evt-abc",
      title: "Full Moon Circle",
      description: "Bring a journal.",
      imageUrl: "https://images.lumacdn.com/cover.png",
      startsAt: new Date("2026-03-08T23:00:00.000Z"),
      endsAt: new Date("2026-03-09T01:00:00.000Z"),
      timezone: "America/New_York",
      locationName: "The Loft",
      address: "120 Wythe Ave, Brooklyn, NY 11249",
      latitude: 40.7216,
      longitude: -73.9577,
      onlineUrl: null,
      url: "https://lu.ma/full-moon",
      featured: false,
      accessType: "public",
      type: "public",
    });
  });

  it("makes members-only events members events", () => {
    const mapped = mapLumaEntry(entry({ visibility: "members-only" }));
    expect(mapped).toMatchObject({ accessType: "members", type: "members" });
  });

  it("takes the type from tags, and featured from a featured tag", () => {
    expect(mapLumaEntry(entry({}, ["Workshop"]))?.type).toBe("workshop");
    expect(mapLumaEntry(entry({}, ["Socials", "featured"]))).toMatchObject({ type: "social", featured: true });
    expect(mapLumaEntry(entry({ visibility: "members-only" }, ["unrelated"]))?.type).toBe("members");
  });

  it("skips private events and events without a usable start", () => {
    expect(mapLumaEntry(entry({ visibility: "private" }))).toBeNull();
    expect(mapLumaEntry(entry({ start_at: "not a date" }))).toBeNull();
  });

  it("keeps online events online and ignores unusable values", () => {
    const mapped = mapLumaEntry(entry({ geo_address_json: null, meeting_url: "https://zoom.us/j/1", cover_url: "javascript:alert(1)", timezone: "Not/AZone", end_at: "2026-03-08T22:00:00.000Z" }));
    expect(mapped).toMatchObject({ locationName: "Online", address: null, onlineUrl: "https://zoom.us/j/1", imageUrl: null, timezone: "UTC", endsAt: null });
  });
});
