ALTER TABLE "sessions" ADD COLUMN "two_factor_at" timestamp with time zone;--> statement-breakpoint
-- Sessions signed in while two-factor was on passed a code at sign-in.
UPDATE "sessions" SET "two_factor_at" = "sessions"."created_at" FROM "users" WHERE "users"."id" = "sessions"."user_id" AND "users"."totp_enabled_at" IS NOT NULL AND "sessions"."created_at" > "users"."totp_enabled_at";--> statement-breakpoint
-- Password-only sessions from before she turned two-factor on end now, as turning it on ends them from now on (issue 24).
UPDATE "sessions" SET "revoked_at" = now() FROM "users" WHERE "users"."id" = "sessions"."user_id" AND "users"."totp_enabled_at" IS NOT NULL AND "sessions"."two_factor_at" IS NULL AND "sessions"."revoked_at" IS NULL;
