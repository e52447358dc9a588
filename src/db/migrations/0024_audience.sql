ALTER TABLE "contact_messages" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_unnotified_idx" ON "contact_messages" USING btree ("id") WHERE notified_at is null;--> statement-breakpoint
-- Links already sent work 7 more days (issue 31 item 8).
UPDATE "newsletter_subscribers" SET "confirm_sent_at" = now() WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
-- Every message so far was emailed when it arrived.
UPDATE "contact_messages" SET "notified_at" = "created_at";--> statement-breakpoint
-- Profile pictures are uploads only (issue 24 item 8): a link to another site is dropped.
UPDATE "users" SET "profile_picture" = NULL WHERE "profile_picture" IS NOT NULL AND "profile_picture" !~* '^/api/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
