CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ascii_name" text NOT NULL,
	"alternate_names" text DEFAULT '' NOT NULL,
	"region" text,
	"country_code" text NOT NULL,
	"country" text NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"search_name" text GENERATED ALWAYS AS (place_fold(name)) STORED,
	"search_alternates" text GENERATED ALWAYS AS (place_fold(alternate_names)) STORED,
	"search_within" text GENERATED ALWAYS AS (place_fold(coalesce(region, '') || ' ' || country)) STORED
);
--> statement-breakpoint
CREATE INDEX "places_search_name_trgm_idx" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_search_alternates_trgm_idx" ON "places" USING gin ("search_alternates" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_search_name_prefix_idx" ON "places" USING btree ("search_name" text_pattern_ops,"population" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "places_country_name_idx" ON "places" USING btree ("country_code","search_name");