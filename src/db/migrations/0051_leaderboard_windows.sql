DROP INDEX "member_points_rank_idx";--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "week_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "month_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "windows_day" date DEFAULT ((now() at time zone 'UTC')::date) NOT NULL;--> statement-breakpoint
CREATE INDEX "member_points_week_rank_idx" ON "member_points" USING btree ("week_points" DESC NULLS FIRST,"user_id") WHERE "member_points"."week_points" > 0;--> statement-breakpoint
CREATE INDEX "member_points_month_rank_idx" ON "member_points" USING btree ("month_points" DESC NULLS FIRST,"user_id") WHERE "member_points"."month_points" > 0;--> statement-breakpoint
CREATE INDEX "member_points_rank_idx" ON "member_points" USING btree ("points" DESC NULLS FIRST,"user_id");--> statement-breakpoint
-- The leaderboard's 7- and 30-day windows kept beside the total (docs/decisions/056-leaderboard-windows-kept.md),
-- so that every window's board walks an index instead of summing days on each request. One function
-- counts a window from her days; the ledger's trigger, the daily roll-over and the recompute all use it.
CREATE FUNCTION member_points_window(member integer, today date, days integer) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(points), 0)::integer FROM member_points_daily WHERE user_id = member AND day > today - days
$$;--> statement-breakpoint
-- As before, every insert and delete on point_entries moves her total and her day in the same
-- transaction (row locks on her total serialize concurrent writers); now her windows move with them.
-- A row last written on an earlier day has its windows counted again from her days (which already
-- hold this entry). "Today" is the wall clock's UTC day, not the transaction's start.
CREATE OR REPLACE FUNCTION point_entries_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (clock_timestamp() AT TIME ZONE 'UTC')::date;
  entry point_entries;
  entry_day date;
  change integer;
BEGIN
  IF TG_OP = 'INSERT' THEN entry := NEW; change := NEW.points; ELSE entry := OLD; change := -OLD.points; END IF;
  entry_day := (entry.created_at AT TIME ZONE 'UTC')::date;
  INSERT INTO member_points_daily (user_id, day, points) VALUES (entry.user_id, entry_day, change)
    ON CONFLICT (user_id, day) DO UPDATE SET points = member_points_daily.points + EXCLUDED.points;
  IF TG_OP = 'DELETE' THEN
    UPDATE member_points m SET
      points = m.points + change,
      week_points = CASE WHEN m.windows_day = today
        THEN m.week_points + CASE WHEN entry_day > today - 7 THEN change ELSE 0 END
        ELSE member_points_window(m.user_id, today, 7) END,
      month_points = CASE WHEN m.windows_day = today
        THEN m.month_points + CASE WHEN entry_day > today - 30 THEN change ELSE 0 END
        ELSE member_points_window(m.user_id, today, 30) END,
      windows_day = today
    WHERE m.user_id = entry.user_id;
    RETURN OLD;
  END IF;
  INSERT INTO member_points AS m (user_id, points, week_points, month_points, windows_day)
    VALUES (entry.user_id, change, CASE WHEN entry_day > today - 7 THEN change ELSE 0 END,
      CASE WHEN entry_day > today - 30 THEN change ELSE 0 END, today)
    ON CONFLICT (user_id) DO UPDATE SET
      points = m.points + EXCLUDED.points,
      week_points = CASE WHEN m.windows_day = today THEN m.week_points + EXCLUDED.week_points
        ELSE member_points_window(m.user_id, today, 7) END,
      month_points = CASE WHEN m.windows_day = today THEN m.month_points + EXCLUDED.month_points
        ELSE member_points_window(m.user_id, today, 30) END,
      windows_day = today;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE member_points SET
  week_points = member_points_window(user_id, (now() AT TIME ZONE 'UTC')::date, 7),
  month_points = member_points_window(user_id, (now() AT TIME ZONE 'UTC')::date, 30),
  windows_day = (now() AT TIME ZONE 'UTC')::date;
