import { eventInputSchema, eventInquirySchema, eventListQuerySchema } from "./schemas";
import { eventsRetryDelay } from "@/components/events/use-events";

describe("event list query", () => {
  it("defaults to 10 events of every type", () => {
    expect(eventListQuerySchema.parse({})).toEqual({ limit: 10, type: "all" });
  });

  it("accepts the spec's types and limits up to 50", () => {
    expect(eventListQuerySchema.parse({ limit: "4", type: "workshop" })).toEqual({ limit: 4, type: "workshop" });
    expect(eventListQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ type: "party" }).success).toBe(false);
  });
});

describe("events cache policy", () => {
  it("backs off from 1 s, doubling, capped at 30 s", () => {
    expect([0, 1, 2, 5, 10].map(eventsRetryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe("admin event form", () => {
  const valid = {
    title: "Garden Morning",
    startsAtLocal: "2026-03-08T09:00",
    endsAtLocal: "2026-03-08T12:00",
    timezone: "America/Los_Angeles",
    accessType: "public",
    type: "social",
  };

  it("accepts a valid event", () => {
    expect(eventInputSchema.safeParse(valid).success).toBe(true);
  });

  it("refuses an end before the start, an unknown zone and unsafe links", () => {
    expect(eventInputSchema.safeParse({ ...valid, endsAtLocal: "2026-03-08T08:00" }).success).toBe(false);
    expect(eventInputSchema.safeParse({ ...valid, timezone: "Mars/Olympus" }).success).toBe(false);
    expect(eventInputSchema.safeParse({ ...valid, imageUrl: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("private event inquiry", () => {
  it("needs a name, an email, a kind of event and a message", () => {
    const result = eventInquirySchema.safeParse({ name: "", email: "nope", eventType: "Party", message: "short" });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(["name", "email", "eventType", "message"]));
  });
});
