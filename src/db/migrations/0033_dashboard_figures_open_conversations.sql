CREATE TABLE "active_members_by_month" (
	"month" date PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_active_months" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "member_active_months_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "memberships_by_status" (
	"status" text NOT NULL,
	"tier" text NOT NULL,
	"billing_method" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "memberships_by_status_status_tier_billing_method_pk" PRIMARY KEY("status","tier","billing_method")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "low_open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "high_open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_active_months" ADD CONSTRAINT "member_active_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" USING btree ("id") WHERE "users"."disabled_at" is not null and "users"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "users_deletion_pending_idx" ON "users" USING btree ("id") WHERE "users"."deletion_requested_at" is not null and "users"."disabled_at" is null and "users"."erased_at" is null;--> statement-breakpoint

-- Memberships by status, tier and billing method, kept from memberships' transition rows in the
-- statement's own transaction, as members_by_tier is kept from users' (0027).
CREATE FUNCTION memberships_by_status_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
  row_key text := $c$status, tier, billing_method FROM %s$c$;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN parts := parts || ('SELECT 1 AS sign, ' || format(row_key, 'new_rows')); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN parts := parts || ('SELECT -1 AS sign, ' || format(row_key, 'old_rows')); END IF;
  EXECUTE format($q$
    INSERT INTO memberships_by_status AS m (status, tier, billing_method, members)
    SELECT status, tier, billing_method, sum(sign) FROM (%s) c GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (status, tier, billing_method) DO UPDATE SET members = m.members + excluded.members$q$, array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER memberships_by_status_insert AFTER INSERT ON memberships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_by_status_refresh();--> statement-breakpoint
CREATE TRIGGER memberships_by_status_update AFTER UPDATE ON memberships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_by_status_refresh();--> statement-breakpoint
CREATE TRIGGER memberships_by_status_delete AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION memberships_by_status_refresh();--> statement-breakpoint
INSERT INTO memberships_by_status (status, tier, billing_method, members)
SELECT status, tier, billing_method, count(*) FROM memberships GROUP BY 1, 2, 3;--> statement-breakpoint

-- The months each member was seen in: a session signed in or renewed (last_seen_at) in a UTC month
-- marks her active in it, once. (Transition tables cannot go with a column list, so every update of
-- sessions passes here; they are rare: a session's last_seen_at is renewed at most hourly.)
CREATE FUNCTION member_active_months_from_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_active_months (month, user_id)
  SELECT DISTINCT date_trunc('month', last_seen_at AT TIME ZONE 'UTC')::date, user_id FROM new_rows ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_active_months_insert AFTER INSERT ON sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_active_months_from_sessions();--> statement-breakpoint
CREATE TRIGGER sessions_active_months_update AFTER UPDATE ON sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_active_months_from_sessions();--> statement-breakpoint

-- How many members each month has, kept from member_active_months' rows (a deleted member leaves it).
CREATE FUNCTION active_members_by_month_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO active_members_by_month AS a (month, members)
    SELECT month, count(*) FROM new_rows GROUP BY month ORDER BY month
    ON CONFLICT (month) DO UPDATE SET members = a.members + excluded.members;
  ELSE
    UPDATE active_members_by_month a SET members = a.members - c.n
      FROM (SELECT month, count(*) AS n FROM old_rows GROUP BY month) c WHERE a.month = c.month;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER member_active_months_insert AFTER INSERT ON member_active_months REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION active_members_by_month_refresh();--> statement-breakpoint
CREATE TRIGGER member_active_months_delete AFTER DELETE ON member_active_months REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION active_members_by_month_refresh();--> statement-breakpoint
INSERT INTO member_active_months (month, user_id)
SELECT DISTINCT date_trunc('month', last_seen_at AT TIME ZONE 'UTC')::date, user_id FROM sessions ORDER BY 1, 2;
