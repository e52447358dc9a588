CREATE TABLE "affiliate_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"commission_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_link_visits" (
	"partner_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_commissions" DROP CONSTRAINT "referral_commissions_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "occupation_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_from_directory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "payment_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "mentorship_requests" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_link_visits" ADD CONSTRAINT "partner_link_visits_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD CONSTRAINT "partner_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_link_visits_key" ON "partner_link_visits" USING btree ("partner_id","day","visitor_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_registrations_token_hash_key" ON "partner_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_registrations_user_idx" ON "partner_registrations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_directory_name_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_directory_search_trgm_idx" ON "users" USING gin (member_search_text("first_name", "last_name", "location", "location_visibility", "interests", "is_mentor", "mentor_topics") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referral_commissions_status_idx" ON "referral_commissions" USING btree ("status","eligible_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_payment_idx" ON "referral_commissions" USING btree ("payment_transaction_id");--> statement-breakpoint
CREATE INDEX "mentorship_requests_requester_idx" ON "mentorship_requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mentorship_requests_one_open_key" ON "mentorship_requests" USING btree ("mentor_id","requester_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "events_attended";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_location_visibility_check" CHECK ("users"."location_visibility" in ('members', 'nobody'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_occupation_visibility_check" CHECK ("users"."occupation_visibility" in ('members', 'nobody'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bio_visibility_check" CHECK ("users"."bio_visibility" in ('members', 'nobody'));--> statement-breakpoint
UPDATE "referral_commissions" SET "status" = CASE "status" WHEN 'approved' THEN 'eligible' WHEN 'void' THEN 'cancelled' ELSE "status" END;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_status_check" CHECK ("referral_commissions"."status" in ('pending', 'eligible', 'paid', 'cancelled'));