-- Custom SQL migration file, put your code below! ---- Every install has the Introductions category a new member's first step asks her to write in, its
-- description the prompt (docs/decisions/046-a-welcome-and-a-start-here.md). One an administrator
-- already made (the demo's, or her own) is kept as it is.
INSERT INTO "forum_categories" ("name", "slug", "description", "icon", "color", "position")
SELECT 'Introductions', 'introductions',
  'New here? Say hello: who you are, what you make, and what brought you to the community.',
  'hand-heart', '#c2477f', coalesce((SELECT min("position") - 1 FROM "forum_categories"), 0)
WHERE NOT EXISTS (SELECT 1 FROM "forum_categories" WHERE "slug" = 'introductions');
--> statement-breakpoint
-- The start-here item was the library item at a fixed address; it is now chosen by administrators. A
-- site that had one keeps it as its choice.
INSERT INTO "site_settings" ("key", "value")
SELECT 'startHereItemId', to_jsonb("id") FROM "content_items"
WHERE "slug" = 'welcome-to-the-library' AND "status" = 'published'
ON CONFLICT ("key") DO NOTHING;
