import { and, desc, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { events, lumaSyncRuns } from "@/db/schema";
import { createTestUser, TEST_PASSWORD, testDb } from "../support/db";
import { closeInProcessApp } from "../support/in-process";
import { call, signIn } from "../support/http";
import {
  configureFakeLuma,
  fakeLumaKey,
  fakeLumaState,
  lumaEntry,
  resetFakeLuma,
  setFakeLumaEntries,
} from "../support/luma";

// The sync runs here in-process against the test database and the fake Luma server; the app server
// (which has no Luma key in tests) serves what it wrote.

afterAll(async () => {
  // Back to the demo calendar: the events these tests added are cancelled, as on Luma.
  await resetFakeLuma();
  await sync();
  // A sync tells the assistant through the job queue (content.saved): its client is stopped too.
  await closeInProcessApp();
});

beforeEach(resetFakeLuma);

async function sync(options: { sleeps?: number[] } = {}) {
  const { syncLumaEvents } = await import("@/server/events/luma-sync");
  return syncLumaEvents({
    apiKey: fakeLumaKey(),
    maxAttempts: 4,
    sleep: async (ms) => void options.sleeps?.push(ms),
  });
}

async function rowsFor(externalIds: string[]) {
  return testDb()
    .select()
    .from(events)
    .where(and(eq(events.source, "luma"), inArray(events.externalId, externalIds)));
}

const tag = () => randomUUID().slice(0, 8);

// The fake answers in the shape of Luma's OpenAPI document (tests/fakes/luma-entries.ts cites it).
describe("Luma sync against the fake Luma", () => {
  it("fills the Member Events tab with the dates, times, zones, places, images and links Luma gives", async () => {
    const inPerson = `evt-shape-${tag()}`;
    const online = `evt-online-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    const start = new Date(Date.UTC(2031, 5, 14, 16, 30));
    await setFakeLumaEntries([
      ...demo,
      lumaEntry(inPerson, 0, {
        name: "Lisbon writing circle",
        startAt: start,
        endAt: new Date(start.getTime() + 90 * 60_000),
        timezone: "Europe/Lisbon",
        venue: {
          address: "Fábrica Braço de Prata",
          city: "Lisbon",
          region: "Lisboa",
          country: "Portugal",
          fullAddress: "Rua da Fábrica de Material de Guerra 1, 1950-128 Lisboa, Portugal",
        },
        coordinate: { latitude: 38.7566, longitude: -9.0986 },
        coverUrl: "https://images.lumacdn.com/event-covers/lisbon.png",
        url: `https://luma.com/${inPerson}`,
        tags: ["workshop"],
      }),
      lumaEntry(online, 4, {
        name: "Online breath session",
        venue: null,
        coordinate: null,
        meetingUrl: "https://zoom.us/j/123",
      }),
    ]);
    const result = await sync();
    expect(result).toMatchObject({ cancelled: 0, skipped: 0 });

    const listed = await call("/api/luma/events?limit=50");
    const event = listed.json.find((row: { title: string }) => row.title === "Lisbon writing circle");
    expect(event).toMatchObject({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
      timezone: "Europe/Lisbon",
      location: "Fábrica Braço de Prata, Rua da Fábrica de Material de Guerra 1, 1950-128 Lisboa, Portugal",
      image: "https://images.lumacdn.com/event-covers/lisbon.png",
      time: "5:30 PM GMT+1", // summer time in Lisbon
      url: `https://luma.com/${inPerson}`,
      type: "workshop",
    });
    const [row] = await rowsFor([inPerson]);
    expect(row).toMatchObject({
      latitude: 38.7566,
      longitude: -9.0986,
      address: "Rua da Fábrica de Material de Guerra 1, 1950-128 Lisboa, Portugal",
    });
    const page = await call(`/events/${row!.id}`);
    expect(page.text).toContain("5:30 PM"); // 16:30 UTC is 17:30 in Lisbon in June (WEST)
    expect(page.text).toContain("Fábrica Braço de Prata");
    expect(page.text).toContain("mlat=38.7566");
    const onlineEvent = listed.json.find((entry: { title: string }) => entry.title === "Online breath session");
    expect(onlineEvent).toMatchObject({ location: "Online" });
    expect((await rowsFor([online]))[0]).toMatchObject({
      address: null,
      latitude: null,
      onlineUrl: "https://zoom.us/j/123",
    });
  });

  it("puts a new event on the prerendered home page right after the sync", async () => {
    const soonest = `evt-home-${tag()}`;
    const name = `Home page circle ${tag()}`;
    const { entries: demo } = await fakeLumaState();
    expect((await call("/")).text).not.toContain(name);
    // Sooner than every demo event, so it is among the four the home page shows.
    await setFakeLumaEntries([...demo, lumaEntry(soonest, 0.01, { name })]);
    await sync();
    const home = await call("/");
    expect(home.text).toContain(name);
  });

  it("expires /events and the pages of the events Luma changed, and only those", async () => {
    const changing = `evt-page-${tag()}`;
    const steady = `evt-steady-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    // Ended yesterday: /events lists it among the past events.
    const steadyEntry = lumaEntry(steady, 5, { name: "Never changes" });
    await setFakeLumaEntries([...demo, lumaEntry(changing, -1, { name: "Before the change" }), steadyEntry]);
    await sync();
    const [changed, unchanged] = await Promise.all([rowsFor([changing]), rowsFor([steady])]);
    const pageOf = (id: number) => `/events/${id}`;
    for (const path of ["/events", pageOf(changed[0]!.id), pageOf(unchanged[0]!.id)]) await call(path);
    expect((await call("/events")).text).toContain("Before the change");
    expect((await call(pageOf(changed[0]!.id))).headers.get("x-nextjs-cache")).toBe("HIT");

    await setFakeLumaEntries([...demo, lumaEntry(changing, -1, { name: "After the change" }), steadyEntry]);
    const result = await sync();
    expect(result!.changedIds).toEqual([changed[0]!.id]);
    expect((await call(pageOf(changed[0]!.id))).text).toContain("After the change");
    expect((await call("/events")).text).toContain("After the change");
    expect((await call(pageOf(unchanged[0]!.id))).headers.get("x-nextjs-cache")).toBe("HIT");
    // Still seen by the sync, though not rewritten.
    expect((await rowsFor([steady]))[0]!.lastSyncedAt!.getTime()).toBeGreaterThan(
      unchanged[0]!.lastSyncedAt!.getTime(),
    );
  });

  it("still reads the older nested shape", async () => {
    const id = `evt-legacy-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    const start = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const legacy = {
      api_id: `calev-${id}`,
      event: {
        api_id: id,
        name: "Legacy shaped",
        description: "Old API.",
        start_at: start,
        end_at: null,
        timezone: "America/Chicago",
        geo_address_json: { address: "The Annex", full_address: "1 Main St, Chicago" },
        geo_latitude: "41.88",
        geo_longitude: "-87.63",
        cover_url: null,
        url: `https://lu.ma/${id}`,
        visibility: "public",
      },
      tags: [],
    };
    await setFakeLumaEntries([...demo, legacy]);
    await sync();
    expect((await rowsFor([id]))[0]).toMatchObject({
      title: "Legacy shaped",
      timezone: "America/Chicago",
      locationName: "The Annex",
      latitude: 41.88,
    });
  });

  it("fails loudly on entries it cannot read: nothing changes, the run is recorded and admins see it", async () => {
    const keep = `evt-kept-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    await setFakeLumaEntries([...demo, lumaEntry(keep, 9, { name: "Kept through a bad page" })]);
    await sync();
    await setFakeLumaEntries([
      { platform: "luma", event_id: "evt-new", title: "A shape from the future", starts: "tomorrow" },
    ]);

    await expect(sync()).rejects.toThrow(
      "Luma sent 1 of 1 entries in a shape this version cannot read; nothing was changed.",
    );
    expect((await rowsFor([keep]))[0]).toMatchObject({ status: "scheduled", title: "Kept through a bad page" });
    const [run] = await testDb().select().from(lumaSyncRuns).orderBy(desc(lumaSyncRuns.id)).limit(1);
    expect(run).toMatchObject({ status: "failed" });
    expect(run!.message).toContain("A shape from the future");

    const admin = await createTestUser({ isAdmin: true });
    const page = await call("/admin/events", { cookie: await signIn(admin.username, TEST_PASSWORD) });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Last sync failed");
    expect(page.text).toContain("in a shape this version cannot read");

    await resetFakeLuma();
    await sync();
    const fixed = await call("/admin/events", { cookie: await signIn(admin.username, TEST_PASSWORD) });
    expect(fixed.text).toMatch(/Last synced [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it("follows has_more/next_cursor across pages and maps every event", async () => {
    const ids = Array.from({ length: 5 }, (_, i) => `evt-page-${tag()}-${i}`);
    const { entries: demo } = await fakeLumaState();
    await setFakeLumaEntries([
      ...demo,
      ...ids.map((id, i) =>
        lumaEntry(id, 3 + i, i === 0 ? { visibility: "members-only" } : i === 1 ? { tags: ["workshop"] } : {}),
      ),
    ]);
    await configureFakeLuma({ maxPageSize: 2 });

    const result = await sync();
    const total = demo.length + ids.length;
    expect(result).toMatchObject({ fetched: total, upserted: total, cancelled: 0, requests: Math.ceil(total / 2) });
    expect((await fakeLumaState()).listRequests).toBe(Math.ceil(total / 2));

    const rows = await rowsFor(ids);
    expect(rows).toHaveLength(5);
    const first = rows.find((row) => row.externalId === ids[0])!;
    expect(first).toMatchObject({
      accessType: "members",
      type: "members",
      status: "scheduled",
      timezone: "America/New_York",
      locationName: "The Loft",
    });
    expect(rows.find((row) => row.externalId === ids[1])!.type).toBe("workshop");
    expect(first.lastSyncedAt).not.toBeNull();
  });

  it("honours 429 with Retry-After and still completes", async () => {
    const id = `evt-429-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    await setFakeLumaEntries([...demo, lumaEntry(id, 5)]);
    await configureFakeLuma({ rateLimited: 2, retryAfterSeconds: 2 });
    const sleeps: number[] = [];

    const result = await sync({ sleeps });
    expect(sleeps).toEqual([2000, 2000]);
    expect(result?.requests).toBe(3);
    expect(await rowsFor([id])).toHaveLength(1);
  });

  it("gives up after repeated 429s without writing anything, backing off exponentially without Retry-After", async () => {
    const { fetchLumaEntries } = await import("@/server/events/luma-sync");
    await configureFakeLuma({ rateLimited: 10, retryAfterSeconds: -1 });
    const sleeps: number[] = [];
    await expect(
      fetchLumaEntries(
        {
          apiKey: fakeLumaKey(),
          baseUrl: process.env.LUMA_API_BASE_URL!,
          maxAttempts: 4,
          baseDelayMs: 1000,
          sleep: async (ms) => void sleeps.push(ms),
        },
        new Date(0),
      ),
    ).rejects.toThrow("Luma answered 429");
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it("keeps serving the last good data while Luma is down", async () => {
    const id = `evt-down-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    await setFakeLumaEntries([...demo, lumaEntry(id, 2, { name: "Before the outage" })]);
    await sync();

    await setFakeLumaEntries([...demo, lumaEntry(id, 2, { name: "Renamed during the outage" })]);
    await configureFakeLuma({ down: true });
    await expect(sync()).rejects.toThrow("Luma answered 503");

    const [row] = await rowsFor([id]);
    expect(row).toMatchObject({ title: "Before the outage", status: "scheduled" });
    const listed = await call("/api/luma/events?limit=50");
    expect(listed.status).toBe(200);
    expect(listed.json.map((event: { title: string }) => event.title)).toContain("Before the outage");

    await configureFakeLuma({ down: false });
    await sync();
    expect((await rowsFor([id]))[0]!.title).toBe("Renamed during the outage");
  });

  it("refuses a wrong API key without touching the data", async () => {
    const { syncLumaEvents } = await import("@/server/events/luma-sync");
    const before = await testDb()
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(eq(events.source, "luma"));
    await expect(syncLumaEvents({ apiKey: "wrong-key", sleep: async () => undefined })).rejects.toThrow(
      "Luma answered 401",
    );
    const after = await testDb()
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(eq(events.source, "luma"));
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it("marks events that disappear from Luma as cancelled, never deleting them", async () => {
    const keep = `evt-keep-${tag()}`;
    const gone = `evt-gone-${tag()}`;
    const { entries: demo } = await fakeLumaState();
    await setFakeLumaEntries([...demo, lumaEntry(keep, 6), lumaEntry(gone, 7, { name: "Soon to vanish" })]);
    await sync();
    await setFakeLumaEntries([...demo, lumaEntry(keep, 6)]);

    const result = await sync();
    expect(result?.cancelled).toBe(1);
    const rows = await rowsFor([keep, gone]);
    expect(rows.find((row) => row.externalId === gone)!.status).toBe("cancelled");
    expect(rows.find((row) => row.externalId === keep)!.status).toBe("scheduled");
    const listed = await call("/api/luma/events?limit=50");
    expect(listed.json.map((event: { title: string }) => event.title)).not.toContain("Soon to vanish");

    // It comes back if Luma lists it again.
    await setFakeLumaEntries([...demo, lumaEntry(keep, 6), lumaEntry(gone, 7, { name: "Soon to vanish" })]);
    await sync();
    expect((await rowsFor([gone]))[0]!.status).toBe("scheduled");
  });

  it("does nothing without a Luma key", async () => {
    const { syncLumaEvents } = await import("@/server/events/luma-sync");
    expect(await syncLumaEvents({ apiKey: "" })).toBeNull();
  });
});
