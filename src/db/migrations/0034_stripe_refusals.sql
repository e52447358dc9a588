CREATE TABLE "stripe_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_id" text,
	"operation" text NOT NULL,
	"user_id" integer,
	"application_id" integer,
	"http_status" integer NOT NULL,
	"type" text NOT NULL,
	"code" text,
	"decline_code" text,
	"param" text,
	"message" text NOT NULL,
	"answered_status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_refusals" ADD CONSTRAINT "stripe_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refusals" ADD CONSTRAINT "stripe_refusals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_refusals_created_idx" ON "stripe_refusals" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stripe_refusals_user_idx" ON "stripe_refusals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stripe_refusals_application_idx" ON "stripe_refusals" USING btree ("application_id");