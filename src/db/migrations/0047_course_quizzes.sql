CREATE TABLE "course_quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_quiz_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "course_quiz_questions_kind_check" CHECK ("course_quiz_questions"."kind" in ('single', 'multiple'))
);
--> statement-breakpoint
CREATE TABLE "course_quizzes" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"pass_mark" integer NOT NULL,
	"max_attempts" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_quizzes_pass_mark_check" CHECK ("course_quizzes"."pass_mark" between 1 and 100),
	CONSTRAINT "course_quizzes_max_attempts_check" CHECK ("course_quizzes"."max_attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_lesson_id_course_quizzes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_quizzes"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_options" ADD CONSTRAINT "course_quiz_options_question_id_course_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."course_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_questions" ADD CONSTRAINT "course_quiz_questions_lesson_id_course_quizzes_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_quizzes"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quizzes" ADD CONSTRAINT "course_quizzes_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_quiz_attempts_lesson_user_idx" ON "course_quiz_attempts" USING btree ("lesson_id","user_id");--> statement-breakpoint
CREATE INDEX "course_quiz_options_question_idx" ON "course_quiz_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "course_quiz_questions_lesson_idx" ON "course_quiz_questions" USING btree ("lesson_id","position");