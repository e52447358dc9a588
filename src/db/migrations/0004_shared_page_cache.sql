CREATE TABLE "next_cache_entries" (
	"build_id" text NOT NULL,
	"key" text NOT NULL,
	"value" "bytea" NOT NULL,
	"last_modified" bigint NOT NULL,
	"cache_control" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "next_cache_entries_build_id_key_pk" PRIMARY KEY("build_id","key")
);
--> statement-breakpoint
CREATE TABLE "next_cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"expired_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "next_cache_entries_updated_idx" ON "next_cache_entries" USING btree ("updated_at");