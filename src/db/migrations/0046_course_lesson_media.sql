CREATE TABLE "course_lesson_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_video_positions" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"position_seconds" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_video_positions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_purpose_check";--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "video_duration_seconds" real;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "pdf_url" text;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "library_item_id" integer;--> statement-breakpoint
ALTER TABLE "course_lesson_files" ADD CONSTRAINT "course_lesson_files_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lesson_files" ADD CONSTRAINT "course_lesson_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_video_positions" ADD CONSTRAINT "lesson_video_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_video_positions" ADD CONSTRAINT "lesson_video_positions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lesson_files_lesson_idx" ON "course_lesson_files" USING btree ("lesson_id","position");--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_library_item_id_content_items_id_fk" FOREIGN KEY ("library_item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_purpose_check" CHECK ("stored_files"."purpose" in ('avatar', 'library-image', 'library-pdf', 'library-video', 'lesson-video', 'lesson-pdf', 'lesson-file'));--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_kind_check" CHECK ("course_lessons"."kind" in ('text', 'video', 'pdf', 'library_item'));