import { fallbackImage, FALLBACK_IMAGES, firstCalendarDay, gridEvents, pickFeatured, rsvpUrl } from "./rules";

const event = (
  id: number,
  type: "public" | "members" | "workshop" | "social",
  featured = false,
  accessType: "public" | "members" = type === "members" ? "members" : "public",
) => ({ id, type, featured, accessType });

describe("featured event", () => {
  it("is the first event flagged featured", () => {
    expect(pickFeatured([event(1, "public"), event(2, "social", true), event(3, "workshop", true)])?.id).toBe(2);
  });

  it("is the first event when none is flagged", () => {
    expect(pickFeatured([event(7, "social"), event(8, "public")])?.id).toBe(7);
  });

  it("is absent when there are no events", () => {
    expect(pickFeatured([])).toBeNull();
  });
});

describe("grid under the featured card", () => {
  const events = [
    event(1, "public"),
    event(2, "social", true),
    event(3, "workshop"),
    event(4, "social"),
    event(5, "members"),
    event(6, "workshop", false, "members"),
  ];
  const featured = pickFeatured(events);

  it("shows every non-featured event for all", () => {
    expect(gridEvents(events, featured, "all").map((e) => e.id)).toEqual([1, 3, 4, 5, 6]);
  });

  it("shows the non-featured events of the chosen type", () => {
    expect(gridEvents(events, featured, "social").map((e) => e.id)).toEqual([4]);
    expect(gridEvents(events, featured, "workshop").map((e) => e.id)).toEqual([3, 6]);
  });

  it("chooses Open to All and Members Only by who may come, as the cards' badges say", () => {
    expect(gridEvents(events, featured, "members").map((e) => e.id)).toEqual([5, 6]);
    expect(gridEvents(events, featured, "public").map((e) => e.id)).toEqual([1, 3, 4]);
  });

  it("excludes the featured event even when the filtered list holds it", () => {
    expect(gridEvents([event(2, "social", true)], featured, "social")).toEqual([]);
  });
});

describe("image fallbacks", () => {
  it("picks a local fallback by id", () => {
    expect(fallbackImage(0, 1)).toBe(FALLBACK_IMAGES[0]);
    expect(fallbackImage(5, 1)).toBe(FALLBACK_IMAGES[1]);
    expect(FALLBACK_IMAGES.every((src) => src.startsWith("/images/"))).toBe(true);
  });

  it("rotates through the 4 fallbacks on each further failure", () => {
    const seen = [1, 2, 3, 4].map((failures) => fallbackImage(3, failures));
    expect(new Set(seen).size).toBe(4);
    expect(fallbackImage(3, 5)).toBe(fallbackImage(3, 1));
  });
});

describe("RSVP link", () => {
  it("uses the event's page, else the host's general page", () => {
    expect(rsvpUrl({ url: "https://lu.ma/x" }, "https://lu.ma/host")).toBe("https://lu.ma/x");
    expect(rsvpUrl({ url: null }, "https://lu.ma/host")).toBe("https://lu.ma/host");
  });
});

describe("the day the calendar opens on", () => {
  const on = (...days: string[]) => days.map((day) => ({ day }));
  it("is today when an event is on it", () => {
    expect(firstCalendarDay(on("2026-05-10", "2026-05-12"), "2026-05-10")).toBe("2026-05-10");
  });
  it("is the next event day otherwise, even in a later month, past an ongoing event that began earlier", () => {
    expect(firstCalendarDay(on("2026-05-08", "2026-06-02", "2026-06-09"), "2026-05-10")).toBe("2026-06-02");
  });
  it("is today when nothing is coming", () => {
    expect(firstCalendarDay([], "2026-05-10")).toBe("2026-05-10");
  });
});
