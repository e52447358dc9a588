CREATE TABLE "billing_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" integer NOT NULL,
	"differences" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"user_id" integer,
	"tier" text NOT NULL,
	"scheduled_tier" text,
	"status" text NOT NULL,
	"billing_method" text NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"term_ends_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"access_ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"tier_invoice_created" integer,
	"reminder_sent_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('trialing', 'active', 'past_due', 'canceled')),
	CONSTRAINT "memberships_billing_method_check" CHECK ("memberships"."billing_method" in ('card', 'manual', 'trial')),
	CONSTRAINT "memberships_tier_check" CHECK ("memberships"."tier" in ('connect', 'create', 'empower', 'play'))
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "stripe_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tier_membership_tiers_id_fk" FOREIGN KEY ("tier") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_scheduled_tier_membership_tiers_id_fk" FOREIGN KEY ("scheduled_tier") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_application_key" ON "memberships" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_key" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_key" ON "memberships" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "memberships_period_end_idx" ON "memberships" USING btree ("current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_invoice_key" ON "payment_transactions" USING btree ("stripe_invoice_id");--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_kind_check" CHECK ("payment_transactions"."kind" in ('payment', 'renewal', 'upgrade', 'refund'));