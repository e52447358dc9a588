import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

afterAll(closeTestDb);

async function member(overrides: Parameters<typeof createTestUser>[0] = {}) {
  const user = await createTestUser(overrides);
  return { user, cookie: await signIn(user.username, TEST_PASSWORD) };
}

async function placeId(cookie: string, q: string, label: RegExp): Promise<string> {
  const result = await call(`/api/places?q=${encodeURIComponent(q)}`, { cookie });
  expect(result.status).toBe(200);
  const place = result.json.places.find((p: { label: string }) => label.test(p.label));
  expect(place).toBeDefined();
  return place.id;
}

describe("GET /api/places", () => {
  it("finds cities by prefix with coordinates and IANA time zone", async () => {
    const { cookie } = await member();
    const result = await call("/api/places?q=reykjav", { cookie });
    expect(result.json.places[0]).toMatchObject({
      label: expect.stringMatching(/^Reykjavík/),
      timeZone: "Atlantic/Reykjavik",
    });
    expect(result.json.places[0].latitude).toBeCloseTo(64.15, 1);
  });
});

describe("birth data and reports", () => {
  it("saves birth data encrypted, converts the local time, and generates the three reports for the owner", async () => {
    const { user, cookie } = await member();
    const id = await placeId(cookie, "New York", /^New York/);
    const saved = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { birthDate: "1992-10-03", birthTime: "00:03", birthLocation: "New York", placeId: id },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.birthData).toMatchObject({
      utc: "1992-10-03T04:03:00.000Z",
      offsetMinutes: -240,
      offsetKind: "daylight",
    });

    const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(row!.birthDataEncrypted).toMatch(/^v1\./);
    expect(row!.birthDataEncrypted).not.toContain("1992");

    const hd = await call("/api/profile/human-design", { method: "POST", cookie });
    expect(hd.status).toBe(200);
    expect(hd.json.chart).toMatchObject({ type: "Manifesting Generator", profile: "1/3", authority: "Sacral" });
    const gk = await call("/api/profile/gene-key", { method: "POST", cookie });
    expect(gk.json.profile.activation[0]).toMatchObject({ sphere: "Life's Work", label: "48.1" });
    const astro = await call("/api/profile/astrology", { method: "POST", cookie });
    expect(astro.json.chart.points[0]).toMatchObject({ name: "Sun", sign: "Libra" });

    const [after] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(JSON.stringify(after!.humanDesignReport)).not.toContain("Manifesting");

    const profile = await call(`/api/users/${user.id}/spiritual-profile`, { cookie });
    expect(profile.status).toBe(200);
    expect(profile.json.reports["human-design"].chart.type).toBe("Manifesting Generator");
  });

  it("refuses another member and an administrator (403), for reading and for changing", async () => {
    const owner = await member();
    const other = await member();
    const admin = await member({ isAdmin: true });
    const id = await placeId(owner.cookie, "London", /^London, .*United Kingdom/);
    const body = { birthDate: "1990-01-01", birthTime: "12:00", birthLocation: "London", placeId: id };
    expect((await call(`/api/users/${owner.user.id}`, { method: "PATCH", cookie: owner.cookie, body })).status).toBe(
      200,
    );
    for (const intruder of [other, admin]) {
      expect((await call(`/api/users/${owner.user.id}/spiritual-profile`, { cookie: intruder.cookie })).status).toBe(
        403,
      );
      expect(
        (await call(`/api/users/${owner.user.id}`, { method: "PATCH", cookie: intruder.cookie, body })).status,
      ).toBe(403);
      expect(
        (await call(`/api/users/${owner.user.id}/birth-data`, { method: "DELETE", cookie: intruder.cookie })).status,
      ).toBe(403);
    }
    expect(
      (await call(`/api/users/${owner.user.id}/spiritual-profile`, { cookie: owner.cookie })).json.birthData.birthDate,
    ).toBe("1990-01-01");
  });

  it("answers the spec's messages for missing fields and asks which time in a DST fold", async () => {
    const { user, cookie } = await member();
    const empty = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { birthDate: "", birthTime: "", birthLocation: "", placeId: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toMatchObject({
      birthDate: "Birth date is required",
      birthTime: "Birth time is required",
      birthLocation: "Birth location is required",
    });

    const id = await placeId(cookie, "New York", /^New York/);
    const fold = { birthDate: "2021-11-07", birthTime: "01:30", birthLocation: "New York", placeId: id };
    const ambiguous = await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: fold });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.json.fields.timeChoice).toMatch(/happened twice/);
    const later = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { ...fold, timeChoice: "later" },
    });
    expect(later.json.birthData).toMatchObject({ utc: "2021-11-07T06:30:00.000Z", timeChoice: "later" });
  });

  it("uses the UTC offset the member gives where the time zone database lost the old one (Iceland before 1968)", async () => {
    const { user, cookie } = await member();
    const id = await placeId(cookie, "reykjav", /^Reykjavík/);
    const body = { birthDate: "1965-11-21", birthTime: "07:50", birthLocation: "Reykjavík", placeId: id };
    const fromIcu = await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body });
    expect(fromIcu.json.birthData).toMatchObject({ utc: "1965-11-21T07:50:00.000Z", offsetMinutes: 0 });
    const bad = await call(`/api/users/${user.id}`, { method: "PATCH", cookie, body: { ...body, utcOffset: "1" } });
    expect([bad.status, bad.json.fields.utcOffset]).toEqual([400, "UTC offset must look like +01:00 or -03:30"]);
    const given = await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { ...body, utcOffset: "-01:00" },
    });
    expect(given.json.birthData).toMatchObject({
      utc: "1965-11-21T08:50:00.000Z",
      offsetMinutes: -60,
      offsetKind: "manual",
    });
    const astro = await call("/api/profile/astrology", { method: "POST", cookie });
    expect(astro.json.chart.ascendant.sign).toBe("Scorpio");
  });

  it("asks for birth data before generating, and deletes birth data with its reports", async () => {
    const { user, cookie } = await member();
    expect((await call("/api/profile/astrology", { method: "POST", cookie })).status).toBe(400);
    const id = await placeId(cookie, "Sydney", /^Sydney/);
    await call(`/api/users/${user.id}`, {
      method: "PATCH",
      cookie,
      body: { birthDate: "1985-06-15", birthTime: "08:00", birthLocation: "Sydney", placeId: id },
    });
    expect((await call("/api/profile/astrology", { method: "POST", cookie })).status).toBe(200);
    expect((await call(`/api/users/${user.id}/birth-data`, { method: "DELETE", cookie })).status).toBe(200);
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect([row!.birthDataEncrypted, row!.astrologyReport]).toEqual([null, null]);
  });
});
