ALTER TABLE "forum_posts" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "content_html" text;