CREATE TABLE "assistant_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"required_level" text,
	"expires_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_passages_level_check" CHECK ("assistant_passages"."required_level" in ('connect', 'create', 'empower', 'play'))
);
--> statement-breakpoint
ALTER TABLE "assistant_passages" ADD CONSTRAINT "assistant_passages_required_level_membership_tiers_id_fk" FOREIGN KEY ("required_level") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_passages_source_key" ON "assistant_passages" USING btree ("source_kind","source_id","position");--> statement-breakpoint
CREATE INDEX "assistant_passages_search_idx" ON "assistant_passages" USING gin ("search");