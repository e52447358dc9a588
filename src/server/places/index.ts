import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";

/**
 * Birth places from the `places` table (GeoNames' places of 1,000 people and more, loaded by
 * scripts/load-places.mjs), searched in PostgreSQL: nothing of the list is held in the app's memory.
 */
export interface Place {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The query folded as the rows are (place_fold, in SQL), so that both fold one way. */
async function fold(...values: string[]): Promise<string[]> {
  const result = await db.execute<{ folded: string[] }>(sql`select array(select place_fold(v) from unnest(${values}::text[]) v) as folded`);
  return result.rows[0]!.folded;
}

/**
 * Up to `limit` places for the typeahead, ranked by how the name matches (the whole name, its
 * start, the start of one of its words, anywhere, then an alternate name) and then by population.
 * Text after a comma ("Springfield, Illinois") narrows by region or country.
 */
export async function searchPlaces(query: string, limit = 10): Promise<Place[]> {
  const [name = "", ...rest] = query.split(",");
  if (name.trim().length < 2) return [];
  const [q = "", within = ""] = await fold(name.trim(), rest.join(" ").trim());
  const like = escapeLike(q);
  const narrow = within ? sql`and search_within like ${`%${escapeLike(within)}%`}` : sql``;
  // Patterns are passed whole, so the planner sees them and uses the prefix or trigram index; two
  // letters are too few for trigrams, so they match the start of names only.
  const match = q.length < 3 ? sql`search_name like ${`${like}%`}` : sql`(search_name like ${`%${like}%`} or search_alternates like ${`%${like}%`})`;
  const result = await db.execute<PlaceRow>(sql`
    select id, name, region, country, latitude, longitude, time_zone
    from places
    where ${match} ${narrow}
    order by
      case
        when search_name = ${q} then 0
        when search_name like ${`${like}%`} then 1
        when search_name like ${`% ${like}%`} or search_name like ${`%-${like}%`} then 2
        when search_name like ${`%${like}%`} then 3
        else 4
      end,
      population desc, id
    limit ${limit}`);
  return result.rows.map(toPlace);
}

/**
 * The place with this id. Ids of the list used before GeoNames ("US:springfield:illinois", kept in
 * members' saved birth data) still resolve, to the most populous place of that name in that country.
 */
export async function placeById(id: string): Promise<Place | null> {
  if (/^\d{1,10}$/.test(id)) {
    const result = await db.execute<PlaceRow>(sql`select id, name, region, country, latitude, longitude, time_zone from places where id = ${Number(id)}`);
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
