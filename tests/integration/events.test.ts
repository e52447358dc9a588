import { and, desc, eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { auditLog, eventInquiries, eventRsvps, events } from "@/db/schema";
import { closeTestDb, createTestUser, latestEmailTo, TEST_PASSWORD, testDb } from "../support/db";
import { call, signIn, randomIp } from "../support/http";

afterAll(closeTestDb);

type Listed = {
  id: number;
  title: string;
  type: string;
  source: string;
  featured: boolean;
  startsAt: string;
  date: string;
  time: string;
  day: string;
};

async function createEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const [row] = await testDb()
    .insert(events)
    .values({
      source: "internal",
      title: `Test event ${Math.random().toString(36).slice(2, 8)}`,
      description: "An event made by a test.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
      timezone: "America/New_York",
      locationName: "The Loft",
      accessType: "public",
      type: "social",
      ...overrides,
    })
    .returning();
  return row!;
}

async function memberCookie(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser(overrides);
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

describe("GET /api/luma/events", () => {
  it("lists upcoming Luma events, 10 by default, soonest first", async () => {
    const result = await call("/api/luma/events");
    expect(result.status).toBe(200);
    const listed = result.json as Listed[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(10);
    expect(listed.every((event) => event.source === "luma")).toBe(true);
    expect(listed.every((event) => new Date(event.startsAt).getTime() > Date.now() - 86_400_000)).toBe(true);
    expect(listed.map((e) => e.startsAt)).toEqual([...listed.map((e) => e.startsAt)].sort());
    expect(listed.map((event) => event.title)).not.toContain("Autumn Wellness Retreat"); // in the past
    expect(listed[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        title: expect.any(String),
        date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
        time: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M /),
        featured: expect.any(Boolean),
        accessType: expect.stringMatching(/^(public|members)$/),
      }),
    );
  });

  it("honours limit and type, and rejects unknown values", async () => {
    expect((await call("/api/luma/events?limit=4")).json.length).toBeLessThanOrEqual(4);
    const workshops = (await call("/api/luma/events?type=workshop&limit=50")).json as Listed[];
    expect(workshops.length).toBeGreaterThan(0);
    expect(workshops.every((event) => event.type === "workshop")).toBe(true);
    expect((await call("/api/luma/events?type=party")).status).toBe(400);
    expect((await call("/api/luma/events?limit=500")).status).toBe(400);
  });
});

describe("GET /api/events", () => {
  it("lists community events only, by type, and leaves out cancelled ones", async () => {
    const social = await createEvent({ type: "social" });
    const cancelled = await createEvent({ type: "social", status: "cancelled" });
    const listed = (await call("/api/events?type=social&limit=50")).json as Listed[];
    expect(listed.every((event) => event.source === "internal" && event.type === "social")).toBe(true);
    expect(listed.map((e) => e.id)).toContain(social.id);
    expect(listed.map((e) => e.id)).not.toContain(cancelled.id);
  });

  it("formats date and time in the event's own zone", async () => {
    const event = await createEvent({
      startsAt: new Date("2030-07-01T17:30:00Z"),
      endsAt: null,
      timezone: "Europe/Berlin",
    });
    const listed = (await call("/api/events?limit=50")).json as Listed[];
    expect(listed.find((e) => e.id === event.id)).toMatchObject({
      date: "Jul 1, 2030",
      time: "7:30 PM GMT+2",
      day: "2030-07-01",
    });
  });

  it("answers a calendar month, past months included, by the day on the event's own clock", async () => {
    const past = await createEvent({
      startsAt: new Date("2025-03-10T18:00:00Z"),
      endsAt: new Date("2025-03-10T20:00:00Z"),
    });
    // 31 March 23:30 in Auckland is still 31 March there, though UTC says 31 March 10:30; 1 April 02:00 in Tokyo is 31 March in UTC.
    const lastDay = await createEvent({
      startsAt: new Date("2025-03-31T10:30:00Z"),
      endsAt: null,
      timezone: "Pacific/Auckland",
    });
    const nextMonth = await createEvent({
      startsAt: new Date("2025-03-31T17:00:00Z"),
      endsAt: null,
      timezone: "Asia/Tokyo",
    });
    const march = (await call("/api/events?month=2025-03")).json as Listed[];
    expect(march.map((e) => e.id)).toEqual(expect.arrayContaining([past.id, lastDay.id]));
    expect(march.map((e) => e.id)).not.toContain(nextMonth.id);
    expect(((await call("/api/events?month=2025-04")).json as Listed[]).map((e) => e.id)).toContain(nextMonth.id);
    expect((await call("/api/luma/events?month=2025-03")).json.every((e: Listed) => e.source === "luma")).toBe(true);
    const bad = await call("/api/events?month=2025-13");
    expect(bad.status).toBe(400);
    expect(bad.json.fields.month).toBe("Use a month as YYYY-MM");
  });
});

describe("RSVP to community events", () => {
  it("lets a member RSVP and cancel, and respects capacity", async () => {
    const event = await createEvent({ capacity: 1 });
    const first = await memberCookie();
    const second = await memberCookie();

    const going = await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: first.cookie });
    expect(going.status).toBe(200);
    expect(going.json).toEqual({ going: true, goingCount: 1 });
    expect((await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: first.cookie })).json.goingCount).toBe(
      1,
    );

    const full = await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: second.cookie });
    expect(full.status).toBe(409);
    expect(full.json.error).toBe("Sorry, this event is full.");

    expect((await call(`/api/events/${event.id}/rsvp`, { method: "DELETE", cookie: first.cookie })).status).toBe(200);
    const [row] = await testDb()
      .select()
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, first.user.id)));
    expect(row!.status).toBe("cancelled");
    expect((await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: second.cookie })).status).toBe(200);
  });

  it("gives the last seat to one of two members asking at once", async () => {
    const event = await createEvent({ capacity: 1 });
    const members = await Promise.all([memberCookie(), memberCookie(), memberCookie()]);
    const results = await Promise.all(
      members.map(({ cookie }) => call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it("needs a membership for members-only events", async () => {
    const event = await createEvent({ accessType: "members", type: "members" });
    const visitorAccount = await memberCookie({ membershipLevel: null });
    const refused = await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: visitorAccount.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("This event is for members. A membership is needed to RSVP.");
    const member = await memberCookie({ membershipLevel: "create" });
    expect((await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: member.cookie })).status).toBe(200);
  });

  it("sends Luma events to Luma, and refuses past, cancelled and unknown events", async () => {
    const { cookie } = await memberCookie();
    const [luma] = await testDb().select().from(events).where(eq(events.source, "luma")).limit(1);
    expect((await call(`/api/events/${luma!.id}/rsvp`, { method: "POST", cookie })).status).toBe(400);
    const past = await createEvent({
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() - 82_800_000),
    });
    expect((await call(`/api/events/${past.id}/rsvp`, { method: "POST", cookie })).status).toBe(409);
    const cancelled = await createEvent({ status: "cancelled" });
    expect((await call(`/api/events/${cancelled.id}/rsvp`, { method: "POST", cookie })).status).toBe(409);
    expect((await call(`/api/events/99999999/rsvp`, { method: "POST", cookie })).status).toBe(404);
  });
});

describe("calendar feeds", () => {
  const parse = (text: string) =>
    Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

  it("serves the community events as an iCalendar feed", async () => {
    const event = await createEvent({ title: "Feed check", timezone: "Europe/Berlin" });
    const result = await call("/api/events/calendar.ics");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toMatch(/^text\/calendar/);
    const parsed = parse(result.text);
    const found = parsed.find((e) => e.summary === "Feed check")!;
    expect(found.start.getTime()).toBe(Math.floor(event.startsAt.getTime() / 1000) * 1000); // iCalendar has whole seconds
    expect(found.start.tz).toBe("Europe/Berlin");
    expect(parsed.every((e) => !String(e.uid).includes("luma"))).toBe(true);
  });

  it("serves one event as .ics, and 404 for an unknown id", async () => {
    const event = await createEvent({ title: "Single check" });
    const result = await call(`/api/events/${event.id}/ics`);
    expect(result.status).toBe(200);
    expect(result.headers.get("content-disposition")).toContain(`event-${event.id}.ics`);
    expect(parse(result.text).map((e) => e.summary)).toEqual(["Single check"]);
    expect((await call("/api/events/99999999/ics")).status).toBe(404);
  });
});

describe("event pages", () => {
  it("renders an event with its schema.org data, and a not-found page for an unknown id", async () => {
    const event = await createEvent({ title: "Page </script><b>check</b>", description: "Line one" });
    const page = await call(`/events/${event.id}`);
    expect(page.status).toBe(200);
    const jsonLd = page.text.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({
      "@type": "Event",
      name: "Page </script><b>check</b>",
      startDate: event.startsAt.toISOString(),
    });
    expect(page.text).not.toContain("<b>check</b>");
    expect((await call("/events/99999999")).status).toBe(404);
    expect((await call("/events/not-a-number")).status).toBe(404);
  });
});

/** A page's HTML without the comments React puts between adjacent text nodes. */
const textOf = (html: string) => html.replace(/<!-- -->/g, "");

describe("event pages are prerendered for everyone", () => {
  it("serves an event's page from the page cache with nobody's part in it; her part comes from GET /api/events/{id}/rsvp", async () => {
    const joinUrl = `https://meet.example.com/room-${Math.random().toString(36).slice(2, 10)}`;
    const event = await createEvent({ accessType: "members", type: "members", onlineUrl: joinUrl, capacity: 9 });
    const member = await memberCookie({ membershipLevel: "create" });
    await call(`/events/${event.id}`, { cookie: member.cookie });
    const page = await call(`/events/${event.id}`, { cookie: member.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-nextjs-cache")).toBe("HIT");
    expect(page.text).not.toContain(joinUrl);
    expect(textOf(page.text)).toContain("0 going · 9 of 9 spots left");

    // A members-only event's link is for members who are going (the join-link rule).
    expect((await call(`/api/events/${event.id}/rsvp`, { cookie: member.cookie })).json).toEqual({
      going: false,
      goingCount: 0,
    });
    expect((await call(`/api/events/${event.id}/join-link`, { cookie: member.cookie })).json).toEqual({
      url: null,
      needs: "rsvp",
    });
    expect((await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie: member.cookie })).status).toBe(200);
    expect((await call(`/api/events/${event.id}/rsvp`, { cookie: member.cookie })).json).toEqual({
      going: true,
      goingCount: 1,
    });
    expect((await call(`/api/events/${event.id}/join-link`, { cookie: member.cookie })).json).toEqual({
      url: joinUrl,
      needs: null,
    });
    // Signed in without a membership: her RSVP state, never the members' join link.
    const noTier = await memberCookie({ membershipLevel: null });
    expect((await call(`/api/events/${event.id}/rsvp`, { cookie: noTier.cookie })).json).toEqual({
      going: false,
      goingCount: 1,
    });
    expect((await call(`/api/events/${event.id}/join-link`, { cookie: noTier.cookie })).json).toEqual({
      url: null,
      needs: "membership",
    });
    expect((await call(`/api/events/${event.id}/rsvp`)).status).toBe(401);
    expect((await call("/api/events/99999999/rsvp", { cookie: member.cookie })).status).toBe(404);

    // The RSVP expired the page: visitors see the new count.
    const visitorView = await call(`/events/${event.id}`);
    expect(textOf(visitorView.text)).toContain("1 going · 8 of 9 spots left");
    expect(visitorView.text).not.toContain(joinUrl);
  });

  it("a public online event's join link is on its page", async () => {
    const event = await createEvent({ onlineUrl: "https://meet.example.com/open-room" });
    expect((await call(`/events/${event.id}`)).text).toContain("https://meet.example.com/open-room");
  });

  it("an admin's edit expires the event's page and /events; an event created later replaces a cached not-found", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const past = await createEvent({
      title: `Past ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      endsAt: new Date(Date.now() - 3 * 86_400_000 + 3600_000),
    });
    await call("/events");
    await call(`/events/${past.id}`);
    expect((await call(`/events/${past.id}`)).headers.get("x-nextjs-cache")).toBe("HIT");
    // Still the most recent past event: two days ago, on New York's wall clock.
    const wallClock = (msAgo: number) => new Date(Date.now() - msAgo - 5 * 3600_000).toISOString().slice(0, 16);
    const input = {
      title: `${past.title} renamed`,
      description: "Edited by an admin",
      startsAtLocal: wallClock(2 * 86_400_000),
      endsAtLocal: wallClock(2 * 86_400_000 - 3600_000),
      timezone: "America/New_York",
      accessType: "public",
      type: "social",
      capacity: "",
      featured: false,
    };
    expect((await call(`/api/admin/events/${past.id}`, { method: "PUT", body: input, cookie })).status).toBe(200);
    expect((await call(`/events/${past.id}`)).text).toContain(`${past.title} renamed`);
    // /events lists it among the past events, under its new name.
    expect((await call("/events")).text).toContain(`${past.title} renamed`);

    const created = await call("/api/admin/events", {
      body: { ...input, title: "Made after a miss", startsAtLocal: "2031-01-05T10:00", endsAtLocal: "" },
      cookie,
    });
    const nextId = (created.json.id as number) + 1;
    expect((await call(`/events/${nextId}`)).status).toBe(404);
    const after = await call("/api/admin/events", {
      body: { ...input, title: "The next one", startsAtLocal: "2031-01-06T10:00", endsAtLocal: "" },
      cookie,
    });
    expect(after.json.id).toBe(nextId);
    const page = await call(`/events/${nextId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("The next one");
  });
});

describe("private event inquiries", () => {
  it("stores the request and emails it to the admins, not to a disabled one", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const disabledAdmin = await createTestUser({ isAdmin: true, disabledAt: new Date() });
    const email = `planner_${Date.now()}@example.com`;
    const result = await call("/api/events/inquiries", {
      body: {
        name: "Dana Planner",
        email,
        eventType: "Corporate retreat",
        guestCount: "25",
        message: "A two-day retreat for our design team in May.",
      },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(result.status).toBe(201);
    const [row] = await testDb().select().from(eventInquiries).where(eq(eventInquiries.email, email));
    expect(row).toMatchObject({ name: "Dana Planner", eventType: "Corporate retreat", guestCount: 25 });
    const sent = await latestEmailTo(admin.email);
    expect(sent).toMatchObject({ kind: "event-inquiry", subject: "Private event request from Dana Planner" });
    expect(sent!.text).toContain("A two-day retreat for our design team in May.");
    expect(sent!.headers).toMatchObject({ "Reply-To": email });
    expect(await latestEmailTo(disabledAdmin.email)).toBeNull();
  });

  it("answers field errors for an invalid request", async () => {
    const result = await call("/api/events/inquiries", {
      body: { name: "", email: "no", eventType: "Corporate retreat", message: "hi" },
    });
    expect(result.status).toBe(400);
    expect(Object.keys(result.json.fields)).toEqual(expect.arrayContaining(["name", "email", "message"]));
  });
});

describe("admin event management", () => {
  it("creates, edits, features and deletes community events, with an audit trail", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const input = {
      title: "Admin made",
      description: "Hello",
      startsAtLocal: "2030-03-12T19:00",
      endsAtLocal: "2030-03-12T21:00",
      timezone: "America/New_York",
      accessType: "members",
      type: "workshop",
      capacity: "12",
      featured: false,
    };
    const created = await call("/api/admin/events", { body: input, cookie });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: "Admin made",
      time: "7:00 PM EDT",
      date: "Mar 12, 2030",
      source: "internal",
    });
    const id = created.json.id as number;
    const [row] = await testDb().select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ startsAt: new Date("2030-03-12T23:00:00Z"), capacity: 12, createdBy: admin.id });

    const edited = await call(`/api/admin/events/${id}`, {
      method: "PUT",
      body: { ...input, title: "Admin edited", startsAtLocal: "2030-03-07T18:00", endsAtLocal: "" },
      cookie,
    });
    expect(edited.status).toBe(200);
    // Before the DST change of March 10, 2030: the same kind of wall-clock time is now EST.
    expect(edited.json).toMatchObject({
      title: "Admin edited",
      time: "6:00 PM EST",
      startsAt: "2030-03-07T23:00:00.000Z",
      endsAt: null,
    });

    expect((await call(`/api/admin/events/${id}`, { method: "PATCH", body: { featured: true }, cookie })).status).toBe(
      200,
    );
    expect((await testDb().select().from(events).where(eq(events.id, id)))[0]!.featured).toBe(true);

    const bad = await call("/api/admin/events", { body: { ...input, endsAtLocal: "2030-03-12T18:00" }, cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.endsAtLocal).toBe("The end must be after the start");

    expect((await call(`/api/admin/events/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await testDb().select().from(events).where(eq(events.id, id))).toHaveLength(0);
    const actions = await testDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "event"), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(["event.delete", "event.feature", "event.update", "event.create"]);
  });

  it("refuses to edit Luma events", async () => {
    const admin = await createTestUser({ isAdmin: true });
    const cookie = await signIn(admin.username, TEST_PASSWORD);
    const [luma] = await testDb().select().from(events).where(eq(events.source, "luma")).limit(1);
    expect((await call(`/api/admin/events/${luma!.id}`, { method: "DELETE", cookie })).status).toBe(400);
  });
});

describe("a members-only online event's link to join", () => {
  const secretLink = () => `https://meet.example.com/members-${Math.random().toString(36).slice(2, 10)}`;
  const joinLink = (id: number, cookie?: string) => call(`/api/events/${id}/join-link`, { cookie });

  it("is on neither its page nor its calendar files for visitors, and goes to members who RSVP", async () => {
    const link = secretLink();
    const event = await createEvent({
      accessType: "members",
      type: "members",
      onlineUrl: link,
      locationName: null,
      address: null,
    });
    const visitorPage = await call(`/events/${event.id}`);
    expect(visitorPage.status).toBe(200);
    expect(visitorPage.text).not.toContain(link);
    expect((await call(`/api/events/${event.id}/ics`)).text).not.toContain(link);
    expect((await call("/api/events/calendar.ics")).text).not.toContain(link);
    expect((await joinLink(event.id)).json).toEqual({ url: null, needs: "sign-in" });

    const { cookie } = await memberCookie({ membershipLevel: "create" });
    expect((await call(`/events/${event.id}`, { cookie })).text).not.toContain(link);
    expect((await joinLink(event.id, cookie)).json).toEqual({ url: null, needs: "rsvp" });
    expect((await call(`/api/events/${event.id}/ics`, { cookie })).text).not.toContain(link);

    const lapsed = await memberCookie({ membershipLevel: null });
    expect((await joinLink(event.id, lapsed.cookie)).json).toEqual({ url: null, needs: "membership" });

    expect((await call(`/api/events/${event.id}/rsvp`, { method: "POST", cookie })).status).toBe(200);
    const going = await joinLink(event.id, cookie);
    expect(going.json).toEqual({ url: link, needs: null });
    expect(going.headers.get("cache-control")).toMatch(/private/);
    const ics = await call(`/api/events/${event.id}/ics`, { cookie });
    expect(ics.text.replace(/\r\n[ \t]/g, "")).toContain(link);
    expect(ics.headers.get("cache-control")).toMatch(/private/);
    // The webcal feed is fetched without a session: never there.
    expect((await call("/api/events/calendar.ics", { cookie })).text).not.toContain(link);
  });

  it("shows a public online event's link to everyone", async () => {
    const link = secretLink();
    const event = await createEvent({ accessType: "public", onlineUrl: link, locationName: null, address: null });
    expect((await call(`/events/${event.id}`)).text).toContain(link);
    expect((await joinLink(event.id)).json).toEqual({ url: link, needs: null });
    expect((await call(`/api/events/${event.id}/ics`)).text.replace(/\r\n[ \t]/g, "")).toContain(link);
  });
});
