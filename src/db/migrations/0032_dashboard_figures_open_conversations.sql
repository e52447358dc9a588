ALTER TABLE "conversations" ADD COLUMN "low_open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "high_open_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at","user_id");--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" USING btree ("id") WHERE "users"."disabled_at" is not null and "users"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "users_deletion_pending_idx" ON "users" USING btree ("id") WHERE "users"."deletion_requested_at" is not null and "users"."disabled_at" is null and "users"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_status_tier_idx" ON "memberships" USING btree ("status","tier","billing_method");