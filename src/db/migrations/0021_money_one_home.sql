CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_event_refusals" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"api_version" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"subject" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" text DEFAULT 'sent' NOT NULL,
	"stripe_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_requests_outcome_check" CHECK ("stripe_requests"."outcome" in ('sent', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_hash_key" ON "payment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_links_application_idx" ON "payment_links" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_requests_idempotency_key" ON "stripe_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stripe_requests_subject_idx" ON "stripe_requests" USING btree ("subject");