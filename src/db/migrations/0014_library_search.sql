CREATE TABLE "content_item_views" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "content_item_views_content_id_user_id_day_pk" PRIMARY KEY("content_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "content_items" DROP CONSTRAINT "content_items_status_check";--> statement-breakpoint
DROP INDEX "content_items_category_idx";--> statement-breakpoint
DROP INDEX "content_items_published_idx";--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "reading_minutes" integer;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "content_item_views" ADD CONSTRAINT "content_item_views_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_views" ADD CONSTRAINT "content_item_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "content_items_category_idx" ON "content_items" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_items_published_idx" ON "content_items" USING btree ("status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('draft', 'published', 'scheduled', 'archived'));