-- ORDER BY ... DESC sorts nulls first; an index on the same columns DESC NULLS LAST cannot give that order, so
-- the planner sorted every row (a conversation's messages, the outbox, the audit and money lists) instead of
-- reading a page from the index (docs/decisions/056-leaderboard-windows-kept.md). Each descending index now
-- has the lists' order exactly, with the id that breaks their ties.
DROP INDEX "applications_status_created_idx";--> statement-breakpoint
DROP INDEX "applications_created_idx";--> statement-breakpoint
DROP INDEX "payment_transactions_created_idx";--> statement-breakpoint
DROP INDEX "payment_transactions_status_idx";--> statement-breakpoint
DROP INDEX "stripe_refusals_created_idx";--> statement-breakpoint
DROP INDEX "blog_posts_status_published_idx";--> statement-breakpoint
DROP INDEX "event_inquiries_created_idx";--> statement-breakpoint
DROP INDEX "luma_sync_runs_finished_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "email_suppressions_created_idx";--> statement-breakpoint
DROP INDEX "mentorship_requests_mentor_idx";--> statement-breakpoint
DROP INDEX "mentorship_requests_requester_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "stored_files_uploader_idx";--> statement-breakpoint
DROP INDEX "conversations_low_idx";--> statement-breakpoint
DROP INDEX "conversations_high_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_transactions_created_idx" ON "payment_transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stripe_refusals_created_idx" ON "stripe_refusals" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_status_published_idx" ON "blog_posts" USING btree ("status","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "event_inquiries_created_idx" ON "event_inquiries" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "luma_sync_runs_finished_idx" ON "luma_sync_runs" USING btree ("finished_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_suppressions_created_idx" ON "email_suppressions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentorship_requests_mentor_idx" ON "mentorship_requests" USING btree ("mentor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentorship_requests_requester_idx" ON "mentorship_requests" USING btree ("requester_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stored_files_uploader_idx" ON "stored_files" USING btree ("uploaded_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_low_idx" ON "conversations" USING btree ("low_user_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_high_idx" ON "conversations" USING btree ("high_user_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id" DESC NULLS FIRST);