CREATE TABLE "luma_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"upserted" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"message" text,
	CONSTRAINT "luma_sync_runs_status_check" CHECK ("luma_sync_runs"."status" in ('succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "luma_sync_runs_finished_idx" ON "luma_sync_runs" USING btree ("finished_at" DESC NULLS LAST);