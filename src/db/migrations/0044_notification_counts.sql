CREATE TABLE "notification_counts" (
	"user_id" integer NOT NULL,
	"required_level" text,
	"unread" integer DEFAULT 0 NOT NULL,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","required_level"),
	CONSTRAINT "notification_counts_level_check" CHECK ("notification_counts"."required_level" in ('connect', 'create', 'empower', 'play'))
);
--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
DROP INDEX "notifications_actor_idx";--> statement-breakpoint
DROP INDEX "notifications_user_seq_idx";--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_kind_seq_idx" ON "notifications" USING btree ("user_id","kind","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_seq_idx" ON "notifications" USING btree ("user_id","seq" DESC NULLS FIRST) WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_kind_seq_idx" ON "notifications" USING btree ("user_id","kind","seq" DESC NULLS FIRST) WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_actor_user_idx" ON "notifications" USING btree ("actor_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq" DESC NULLS FIRST);