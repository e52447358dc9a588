-- Reply emails are the notification pipeline's email channel (docs/decisions/041-one-notification-pipeline.md):
-- the forum's "email me about replies" switch becomes her notification choice for replies.
INSERT INTO "notification_preferences" ("user_id", "kind", "delivery")
SELECT "user_id", 'forum_reply', 'app' FROM "forum_preferences" WHERE NOT "email_on_replies"
ON CONFLICT ("user_id", "kind") DO UPDATE SET "delivery" = 'app' WHERE "notification_preferences"."delivery" = 'email';--> statement-breakpoint
DROP TABLE "forum_preferences" CASCADE;
