CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text,
	"uploaded_by" integer,
	"access" text DEFAULT 'uploader' NOT NULL,
	"gate_kind" text,
	"gate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stored_files_purpose_check" CHECK ("stored_files"."purpose" in ('avatar', 'library-image', 'library-pdf', 'library-video')),
	CONSTRAINT "stored_files_access_check" CHECK ("stored_files"."access" in ('members', 'uploader', 'gated'))
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_gate_idx" ON "stored_files" USING btree ("gate_kind","gate_id");--> statement-breakpoint
CREATE INDEX "stored_files_uploader_idx" ON "stored_files" USING btree ("uploaded_by","created_at" DESC NULLS LAST);