import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Birth places: GeoNames' cities of 1,000 inhabitants and more (about 135,000), loaded once by
 * scripts/load-places.mjs, with the time zone their coordinates fall in. The search columns are
 * folded by place_fold (lowercase, accents stripped; migration place_fold), in SQL, one way for
 * both the rows and the query.
 */
export const places = pgTable(
  "places",
  {
    /** GeoNames' id. */
    id: integer().primaryKey(),
    name: text().notNull(),
    asciiName: text().notNull(),
    /** Latin-script alternate names, comma-separated (e.g. Munich for München). */
    alternateNames: text().notNull().default(""),
    region: text(),
    countryCode: text().notNull(),
    country: text().notNull(),
    population: integer().notNull().default(0),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    timeZone: text().notNull(),
    searchName: text().generatedAlwaysAs(sql`place_fold(name)`),
    searchAlternates: text().generatedAlwaysAs(sql`place_fold(alternate_names)`),
    /** Region and country, to narrow "Springfield, Illinois". */
    searchWithin: text().generatedAlwaysAs(sql`place_fold(coalesce(region, '') || ' ' || country)`),
  },
  (t) => [
    index("places_search_name_trgm_idx").using("gin", sql`${t.searchName} gin_trgm_ops`),
    index("places_search_alternates_trgm_idx").using("gin", sql`${t.searchAlternates} gin_trgm_ops`),
    // Holds all the typeahead's prefix pass reads (name, population, id): an index-only scan, no heap visit.
    index("places_search_name_prefix_idx").using(
      "btree",
      sql`${t.searchName} text_pattern_ops`,
      t.population.desc(),
      t.id,
    ),
    // What a member has typed after two or three letters: the most populous places starting so, read
    // straight from the index instead of sorting every place that starts with them.
    index("places_prefix2_idx").using("btree", sql`left(${t.searchName}, 2)`, t.population.desc(), t.id),
    index("places_prefix3_idx").using("btree", sql`left(${t.searchName}, 3)`, t.population.desc(), t.id),
    index("places_country_name_idx").on(t.countryCode, t.searchName),
  ],
);
