CREATE TABLE "levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_level_range" CHECK ("levels"."level" between 1 and 9),
	CONSTRAINT "levels_min_points_nonnegative" CHECK ("levels"."min_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_points" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_points_daily" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_points_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"post_id" integer,
	"reactor_id" integer,
	"source_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_entries_reason_check" CHECK ("point_entries"."reason" in ('reaction', 'course')),
	CONSTRAINT "point_entries_source_check" CHECK (("point_entries"."reason" = 'reaction') = ("point_entries"."post_id" is not null and "point_entries"."reactor_id" is not null and "point_entries"."source_id" is null))
);
--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_daily" ADD CONSTRAINT "member_points_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_reactor_id_users_id_fk" FOREIGN KEY ("reactor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_points_rank_idx" ON "member_points" USING btree ("points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "member_points_daily_window_idx" ON "member_points_daily" USING btree ("day","user_id","points");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_reaction_key" ON "point_entries" USING btree ("reactor_id","post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_source_key" ON "point_entries" USING btree ("user_id","reason","source_id") WHERE "point_entries"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "point_entries_post_idx" ON "point_entries" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "point_entries_user_idx" ON "point_entries" USING btree ("user_id","created_at");--> statement-breakpoint
-- The ledger keeps the totals (docs/decisions/047-points-and-levels.md): every insert and delete on
-- point_entries, whoever makes it (a reaction, a course, a cascade from a removed reply or account,
-- the recompute), moves her total and her day's points in the same transaction. Row locks on her
-- total serialize concurrent writers, so no point is lost or counted twice.
CREATE FUNCTION point_entries_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_points (user_id, points) VALUES (NEW.user_id, NEW.points)
      ON CONFLICT (user_id) DO UPDATE SET points = member_points.points + EXCLUDED.points;
    INSERT INTO member_points_daily (user_id, day, points)
      VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.points)
      ON CONFLICT (user_id, day) DO UPDATE SET points = member_points_daily.points + EXCLUDED.points;
    RETURN NEW;
  END IF;
  UPDATE member_points SET points = points - OLD.points WHERE user_id = OLD.user_id;
  UPDATE member_points_daily SET points = points - OLD.points
    WHERE user_id = OLD.user_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER point_entries_totals AFTER INSERT OR DELETE ON point_entries
  FOR EACH ROW EXECUTE FUNCTION point_entries_keep_totals();--> statement-breakpoint
-- An entry is a fact: it is deleted when what earned it goes, never edited, so the totals stay its sum.
CREATE FUNCTION point_entries_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_entries rows are never updated; delete and insert instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER point_entries_immutable BEFORE UPDATE ON point_entries
  FOR EACH ROW EXECUTE FUNCTION point_entries_refuse_update();--> statement-breakpoint
INSERT INTO levels (level, name, min_points) VALUES
  (1, 'Newcomer', 0), (2, 'Contributor', 5), (3, 'Regular', 20), (4, 'Helper', 65), (5, 'Guide', 155),
  (6, 'Mentor', 515), (7, 'Leader', 2015), (8, 'Luminary', 8015), (9, 'Legend', 33015);
