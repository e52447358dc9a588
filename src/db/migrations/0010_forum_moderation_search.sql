CREATE TABLE "forum_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "forum_blocks_not_self" CHECK ("forum_blocks"."blocker_id" <> "forum_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "forum_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_on_replies" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_topic_subscriptions" (
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "forum_topic_subscriptions_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_topic_views" (
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topic_views_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
DROP INDEX "forum_posts_topic_idx";--> statement-breakpoint
DROP INDEX "forum_topics_category_idx";--> statement-breakpoint
DROP INDEX "forum_topics_recent_idx";--> statement-breakpoint
ALTER TABLE "forum_categories" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "status" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "forum_blocks" ADD CONSTRAINT "forum_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_blocks" ADD CONSTRAINT "forum_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_preferences" ADD CONSTRAINT "forum_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_subscriptions" ADD CONSTRAINT "forum_topic_subscriptions_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_subscriptions" ADD CONSTRAINT "forum_topic_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_views" ADD CONSTRAINT "forum_topic_views_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_views" ADD CONSTRAINT "forum_topic_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_blocks_blocked_idx" ON "forum_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_post_reporter_key" ON "forum_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "forum_reports_open_idx" ON "forum_reports" USING btree ("post_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_topic_subscriptions_token_key" ON "forum_topic_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_posts_moderation_idx" ON "forum_posts" USING btree ("status") WHERE status <> 'visible';--> statement-breakpoint
CREATE INDEX "forum_topics_search_idx" ON "forum_topics" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_posts_topic_idx" ON "forum_posts" USING btree ("topic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "forum_topics_category_idx" ON "forum_topics" USING btree ("category_id","is_pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_topics_recent_idx" ON "forum_topics" USING btree ("is_pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_status_check" CHECK ("forum_posts"."status" in ('visible', 'hidden', 'removed'));