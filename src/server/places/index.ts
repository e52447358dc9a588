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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Up to `limit` places for the typeahead, ranked by how the name matches (the whole name, its
 * start, the start of one of its words, anywhere, then an alternate name) and then by population.
 * Text after a comma ("Springfield, Illinois") narrows by region or country.
 */
export async function searchPlaces(query: string, limit = 10): Promise<Place[]> {
  const [rawName = "", ...rest] = query.split(",");
  const name = rawName.trim();
  if (name.length < 2) return [];
  const within = rest.join(" ").trim();
  if (!within && name.length <= 3) {
    const first = await mostPopulousStartingWith(name, limit);
    if (first.length === limit) return first;
  }
  return rankedPlaces(name, within, limit);
}

const PLACE_COLUMNS = sql`id, name, region, country, latitude, longitude, time_zone, population`;

/**
 * The first two or three letters typed: the place of exactly that name first, then the most populous
 * starting with them, each read from its index in order (places_prefix2_idx, places_prefix3_idx)
 * rather than by sorting the thousands of places that start with "pa". The same order as
 * rankedPlaces' prefix pass; when fewer than `limit` places start so, that pass (and the trigram
 * one) answers instead. The length conditions are constants once the planner folds place_fold.
 */
async function mostPopulousStartingWith(name: string, limit: number): Promise<Place[]> {
  const folded = sql`place_fold(${name})`;
  // The length is written into the SQL, not sent as a parameter, and the order is the index's own (population
  // is never null, but PostgreSQL reads an index in order only for the NULLS order it was built with).
  const startingWith = (letters: 2 | 3) =>
    sql`(select ${PLACE_COLUMNS}, 1 as rank from places
         where length(${folded}) = ${sql.raw(String(letters))} and left(search_name, ${sql.raw(String(letters))}) = ${folded} and search_name <> ${folded}
         order by population desc nulls last, id limit ${limit})`;
  const result = await db.execute<PlaceRow>(sql`
    select * from (
      (select ${PLACE_COLUMNS}, 0 as rank from places where search_name = ${folded} order by population desc nulls last, id limit ${limit})
      union all ${startingWith(2)}
      union all ${startingWith(3)}
    ) chosen
    order by rank, population desc nulls last, id
    limit ${limit}`);
  return result.rows.map(toPlace);
}

/**
 * One round trip in two passes. The prefix pass reads only the prefix index; when it fills the
 * list, the ranking below could add nothing above it, and PostgreSQL skips the trigram pass (a
 * one-time filter). Folding happens in SQL (place_fold, as the rows were folded); the planner
 * folds the constants, so it sees whole patterns and uses the prefix and trigram indexes. Two
 * letters are too few for trigrams, so they match the start of names only.
 */
async function rankedPlaces(name: string, within: string, limit: number): Promise<Place[]> {
  const folded = sql`place_fold(${name})`;
  const like = sql`place_fold(${escapeLike(name)})`;
  const narrow = within ? sql`and search_within like '%' || place_fold(${escapeLike(within)}) || '%'` : sql``;
  const trigrams = name.length >= 3;
  const anywhere = trigrams
    ? sql`union all (
        select id, population,
          case
            when search_name = ${folded} then 0
            when search_name like ${like} || '%' then 1
            when search_name like '% ' || ${like} || '%' or search_name like '%-' || ${like} || '%' then 2
            when search_name like '%' || ${like} || '%' then 3
            else 4
          end as rank
        from places
        where (search_name like '%' || ${like} || '%' or search_alternates like '%' || ${like} || '%') ${narrow}
          and (select count(*) from prefixed) < ${limit}
        order by rank, population desc, id
        limit ${limit})`
    : sql``;
  const result = await db.execute<PlaceRow>(sql`
    with prefixed as materialized (
      select id, population, (search_name <> ${folded})::int as rank
      from places
      where search_name like ${like} || '%' ${narrow}
      order by rank, population desc, id
      limit ${limit}
    ),
    chosen as (
      (select * from prefixed where ${trigrams ? sql`(select count(*) from prefixed) = ${limit}` : sql`true`})
      ${anywhere}
    )
    select p.id, p.name, p.region, p.country, p.latitude, p.longitude, p.time_zone
    from chosen join places p using (id)
    order by chosen.rank, chosen.population desc, p.id
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
