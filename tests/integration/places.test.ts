import { eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { closeTestDb, createTestUser, testDb, TEST_PASSWORD } from "../support/db";
import { call, signIn } from "../support/http";

// The place list is GeoNames' cities1000, loaded into PostgreSQL by scripts/load-places.mjs when the
// test database is created, time zones from the coordinates (geo-tz).

afterAll(closeTestDb);

let cookie: string;
let memberId: number;
beforeAll(async () => {
  const user = await createTestUser();
  memberId = user.id;
  cookie = await signIn(user.username, TEST_PASSWORD);
});

type Found = { id: string; label: string; latitude: number; longitude: number; timeZone: string };
const search = async (q: string): Promise<Found[]> => {
  const result = await call(`/api/places?q=${encodeURIComponent(q)}`, { cookie });
  expect(result.status).toBe(200);
  return result.json.places;
};

describe("birth places worldwide", () => {
  // Villages of about 1,500 people: five countries on four continents.
  it.each([
    ["Ehrenberg", "Ehrenberg, Arizona, United States", "America/Phoenix", 33.604],
    ["Zwota", "Zwota, Saxony, Germany", "Europe/Berlin", 50.351],
    ["Artenara", "Artenara, Canary Islands, Spain", "Atlantic/Canary", 28.021],
    ["Wagin", "Wagin, Western Australia, Australia", "Australia/Perth", -33.309],
    ["sarahan", "Sarāhan, Himachal Pradesh, India", "Asia/Kolkata", 31.51],
  ])("finds %s with its region, country and the zone its coordinates fall in", async (q, label, timeZone, latitude) => {
    const [first] = await search(q);
    expect(first).toMatchObject({ label, timeZone });
    expect(first!.latitude).toBeCloseTo(latitude, 2);
  });

  // Each region is the one GeoNames gives the place (its admin1 code's name in
  // admin1CodesASCII.txt; in GB and IE the county, admin2Codes.txt), read from the place's own codes.
  it.each([
    ["Dersingham", "Dersingham, Norfolk, United Kingdom"],
    ["King's Lynn", "King's Lynn, Norfolk, United Kingdom"],
    ["Pitlochry", "Pitlochry, Perth and Kinross, United Kingdom"],
    ["Aberaeron", "Aberaeron, County of Ceredigion, United Kingdom"],
    ["Dingle, Ireland", "Dingle, Kerry, Ireland"],
    ["Sankt Gallen", "Sankt Gallen, Saint Gallen, Switzerland"],
    ["Herisau", "Herisau, Appenzell Ausserrhoden, Switzerland"],
    ["Appenzell", "Appenzell, Appenzell Innerrhoden, Switzerland"],
    ["Bamberg", "Bamberg, Bavaria, Germany"],
    ["Lyon", "Lyon, Auvergne-Rhône-Alpes, France"],
    ["Cusco", "Cusco, Cuzco Department, Peru"],
    ["Mombasa", "Mombasa, Mombasa County, Kenya"],
  ])("names %s's region as GeoNames does", async (q, label) => {
    expect((await search(q))[0]!.label).toBe(label);
  });

  it("ranks the whole name first, then by population, and narrows after a comma", async () => {
    const paris = await search("Paris");
    expect(paris[0]!.label).toBe("Paris, Île-de-France, France");
    expect(paris.slice(1).some((p) => p.label.includes("United States"))).toBe(true);
    const texas = await search("Paris, Texas");
    expect(texas[0]!.label).toBe("Paris, Texas, United States");
    expect(texas[0]!.timeZone).toBe("America/Chicago");
  });

  it("fills the list from the start of names before words inside them and alternate names", async () => {
    // More than ten names start with "San": the whole name first, then the rest by population.
    const san = await search("San");
    expect(san).toHaveLength(10);
    expect(san[0]!.label).toBe("San, Ségou, Mali");
    expect(san.every((p) => /^San/.test(p.label))).toBe(true);
    expect(san.map((p) => p.label)).toContain("Santiago, Santiago Metropolitan, Chile");
    // Fewer than ten start with "Paulo": then names with "Paulo" as a word, then alternate names.
    const labels = (await search("Paulo")).map((p) => p.label);
    const lastStart = labels.findLastIndex((label) => label.startsWith("Paulo"));
    const saoPaulo = labels.indexOf("São Paulo, Brazil");
    expect(lastStart).toBeGreaterThanOrEqual(0);
    expect(saoPaulo).toBeGreaterThan(lastStart);
    expect(labels.slice(saoPaulo).some((label) => !/paulo/i.test(label))).toBe(true);
  });

  it("matches without accents, by alternate names, and with two letters only by the start of a name", async () => {
    expect((await search("sao paulo"))[0]!.label).toMatch(/^São Paulo, /);
    expect((await search("Munich"))[0]!.label).toMatch(/^Munich|^München, Bayern, Germany/);
    const two = await search("Zw");
    expect(two.length).toBeGreaterThan(0);
    expect(two.every((p) => /^Zw/i.test(p.label))).toBe(true);
    expect(await search("z")).toEqual([]);
    expect(await search("100%_")).toEqual([]);
    // LIKE's wildcards are letters like any other: "_" would otherwise stand for the "a" of São Paulo.
    expect(await search("s_o paulo")).toEqual([]);
    expect(await search("s%lo")).toEqual([]);
  });

  it("computes a chart with the zone the coordinates fall in, not the country's main one", async () => {
    // Arizona keeps standard time all summer (UTC−7) where Denver is on UTC−6; the Canaries are an hour behind Madrid.
    const cases: Array<[string, number]> = [
      ["Ehrenberg", -420],
      ["Artenara", 60],
    ];
    for (const [q, offset] of cases) {
      const [place] = await search(q);
      const saved = await call(`/api/users/${memberId}`, {
        method: "PATCH",
        cookie,
        body: { birthDate: "1990-07-01", birthTime: "12:00", birthLocation: place!.label, placeId: place!.id },
      });
      expect(saved.status).toBe(200);
      expect(saved.json.birthData).toMatchObject({
        offsetMinutes: offset,
        place: { id: place!.id, timeZone: place!.timeZone },
      });
    }
  });

  it("still accepts a place id saved from the list used before", async () => {
    const saved = await call(`/api/users/${memberId}`, {
      method: "PATCH",
      cookie,
      body: {
        birthDate: "1990-07-01",
        birthTime: "12:00",
        birthLocation: "Reykjavík",
        placeId: "IS:reykjavik:hofudhborgarsvaedhi",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.birthData.place).toMatchObject({
      timeZone: "Atlantic/Reykjavik",
      label: expect.stringMatching(/^Reykjavík, /),
    });
    const [row] = await testDb().select({ birth: users.birthDataEncrypted }).from(users).where(eq(users.id, memberId));
    expect(row!.birth).toMatch(/^v1\./);
    expect(
      (
        await call(`/api/users/${memberId}`, {
          method: "PATCH",
          cookie,
          body: { birthDate: "1990-07-01", birthTime: "12:00", birthLocation: "Nowhere", placeId: "XX:nowhere:" },
        })
      ).status,
    ).toBe(400);
  });

  it("is for members only", async () => {
    expect((await call("/api/places?q=Paris")).status).toBe(401);
  });
});

describe("the first letters typed", () => {
  // Two or three letters are answered from their own indexes; the order must stay the full ranking's:
  // the place of exactly that name, then the most populous places that start with them.
  it.each(["pa", "san", "ber", "lo", "sy", "zw"])(
    "%s: the same places, in the same order, as ranking every place that starts so",
    async (q) => {
      const { rows } = await testDb().execute<{ id: string }>(sql`
      select id::text from places where search_name like place_fold(${q}) || '%'
      order by (search_name <> place_fold(${q})), population desc, id limit 10`);
      expect((await search(q)).map((place) => place.id)).toEqual(rows.map((row) => row.id));
    },
  );
});
