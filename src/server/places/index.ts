import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Place } from "@/features/places/types";

/**
 * Birth places from the `places` table (GeoNames' places of 1,000 people and more, loaded by
 * scripts/load-places.mjs), searched in PostgreSQL: nothing of the list is held in the app's memory.
 */

interface PlaceRow {
  id: number;
  name: string;
  region: string | null;
  country: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  [column: string]: unknown;
}

const toPlace = (row: PlaceRow): Place => ({
  id: String(row.id),
  label: [row.name, row.region, row.country].filter(Boolean).join(", "),
  latitude: row.latitude,
  longitude: row.longitude,
  timeZone: row.time_zone,
});

/**
 * Up to `limit` places for the typeahead, ranked by how the name matches (the whole name, its
 * start, the start of one of its words, anywhere, then an alternate name) and then by population.
 * Text after a comma ("Springfield, Illinois") narrows by region or country. The search is
 * places_matching (migration 0029), a function so that each connection plans it once rather than on
 * every keystroke.
 */
export async function searchPlaces(query: string, limit = 10): Promise<Place[]> {
  const [rawName = "", ...rest] = query.split(",");
  const name = rawName.trim();
  if (name.length < 2) return [];
  const within = rest.join(" ").trim();
  const result = await db.execute<PlaceRow>(sql`select * from places_matching(${name}, ${within}, ${limit})`);
  return result.rows.map(toPlace);
}

/**
 * The place with this id. Ids of the list used before GeoNames ("US:springfield:illinois", kept in
 * members' saved birth data) still resolve, to the most populous place of that name in that country.
 */
export async function placeById(id: string): Promise<Place | null> {
  if (/^\d{1,10}$/.test(id)) {
    const result = await db.execute<PlaceRow>(
      sql`select id, name, region, country, latitude, longitude, time_zone from places where id = ${Number(id)}`,
    );
    return result.rows[0] ? toPlace(result.rows[0]) : null;
  }
  const legacy = /^([A-Z]{2}):([^:]+):/.exec(id);
  if (!legacy) return null;
  const town = legacy[2]!.replace(/\+*$/, "").replace(/-/g, " ");
  const result = await db.execute<PlaceRow>(sql`
    select id, name, region, country, latitude, longitude, time_zone from places
    where country_code = ${legacy[1]} and search_name = place_fold(${town})
    order by population desc limit 1`);
  return result.rows[0] ? toPlace(result.rows[0]) : null;
}
