CREATE INDEX "forum_posts_created_idx" ON "forum_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "forum_topics_created_idx" ON "forum_topics" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "content_comments_created_idx" ON "content_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "content_item_views_day_idx" ON "content_item_views" USING btree ("day");