CREATE TABLE "activity_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"rsvps" integer DEFAULT 0 NOT NULL,
	"topics" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"library_views" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "members_by_tier" (
	"tier" text PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "places_prefix2_idx" ON "places" USING btree (left("search_name", 2),"population" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "places_prefix3_idx" ON "places" USING btree (left("search_name", 3),"population" DESC NULLS LAST,"id");--> statement-breakpoint

-- What each table adds to a day of activity_daily (decisions.md, Admin dashboard): one row of the
-- table's transition rows becomes these columns. Days are UTC days, as the dashboard's buckets.
CREATE FUNCTION activity_daily_contribution(table_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE table_name
    WHEN 'users' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, (disabled_at IS NULL AND erased_at IS NULL)::int AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 0 AS topics, 0 AS replies, 0 AS comments, 0 AS library_views$c$
    WHEN 'payment_transactions' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, 0 AS joined,
      CASE WHEN kind IN ('payment', 'renewal', 'upgrade') AND status IN ('completed', 'refunded') THEN amount ELSE 0 END::bigint AS revenue,
      CASE WHEN kind = 'refund' AND status IN ('completed', 'refunded') THEN amount ELSE 0 END::bigint AS refunds,
      0 AS rsvps, 0 AS topics, 0 AS replies, 0 AS comments, 0 AS library_views$c$
    WHEN 'event_rsvps' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, 0 AS joined, 0::bigint AS revenue, 0::bigint AS refunds, (status = 'going')::int AS rsvps, 0 AS topics, 0 AS replies, 0 AS comments, 0 AS library_views$c$
    WHEN 'forum_topics' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, 0 AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 1 AS topics, 0 AS replies, 0 AS comments, 0 AS library_views$c$
    WHEN 'forum_posts' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, 0 AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 0 AS topics, 1 AS replies, 0 AS comments, 0 AS library_views$c$
    WHEN 'content_comments' THEN $c$(created_at AT TIME ZONE 'UTC')::date AS day, 0 AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 0 AS topics, 0 AS replies, 1 AS comments, 0 AS library_views$c$
    WHEN 'content_item_views' THEN $c$day, 0 AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 0 AS topics, 0 AS replies, 0 AS comments, 1 AS library_views$c$
  END
$$;--> statement-breakpoint

-- One statement's difference, added to its days in the statement's transaction: new rows count, old
-- rows are taken back (an update does both). Days in order, so writers lock the rows in one order.
CREATE FUNCTION activity_daily_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contribution text := activity_daily_contribution(TG_TABLE_NAME);
  parts text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN parts := parts || format('SELECT 1 AS sign, %s FROM new_rows', contribution); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN parts := parts || format('SELECT -1 AS sign, %s FROM old_rows', contribution); END IF;
  EXECUTE format($q$
    INSERT INTO activity_daily AS a (day, joined, revenue, refunds, rsvps, topics, replies, comments, library_views)
    SELECT day, sum(sign * joined), sum(sign * revenue), sum(sign * refunds), sum(sign * rsvps), sum(sign * topics), sum(sign * replies), sum(sign * comments), sum(sign * library_views)
      FROM (%s) c
     GROUP BY day
    HAVING sum(sign * joined) <> 0 OR sum(sign * revenue) <> 0 OR sum(sign * refunds) <> 0 OR sum(sign * rsvps) <> 0 OR sum(sign * topics) <> 0
        OR sum(sign * replies) <> 0 OR sum(sign * comments) <> 0 OR sum(sign * library_views) <> 0
     ORDER BY day
    ON CONFLICT (day) DO UPDATE SET joined = a.joined + excluded.joined, revenue = a.revenue + excluded.revenue, refunds = a.refunds + excluded.refunds,
      rsvps = a.rsvps + excluded.rsvps, topics = a.topics + excluded.topics, replies = a.replies + excluded.replies,
      comments = a.comments + excluded.comments, library_views = a.library_views + excluded.library_views$q$, array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Transition tables allow one event per trigger: three triggers a table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'payment_transactions', 'event_rsvps', 'forum_topics', 'forum_posts', 'content_comments', 'content_item_views'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_daily_refresh()', t || '_activity_daily_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_daily_refresh()', t || '_activity_daily_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_daily_refresh()', t || '_activity_daily_delete', t);
  END LOOP;
END
$$;--> statement-breakpoint

-- Today's active members by tier ('' for none), kept the same way from users' transition rows.
CREATE FUNCTION members_by_tier_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
  member text := $c$coalesce(membership_level, '') AS tier FROM %s WHERE disabled_at IS NULL AND erased_at IS NULL$c$;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN parts := parts || ('SELECT 1 AS sign, ' || format(member, 'new_rows')); END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN parts := parts || ('SELECT -1 AS sign, ' || format(member, 'old_rows')); END IF;
  EXECUTE format($q$
    INSERT INTO members_by_tier AS m (tier, members)
    SELECT tier, sum(sign) FROM (%s) c GROUP BY tier HAVING sum(sign) <> 0 ORDER BY tier
    ON CONFLICT (tier) DO UPDATE SET members = m.members + excluded.members$q$, array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER users_members_by_tier_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_by_tier_refresh();--> statement-breakpoint
CREATE TRIGGER users_members_by_tier_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_by_tier_refresh();--> statement-breakpoint
CREATE TRIGGER users_members_by_tier_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_by_tier_refresh();--> statement-breakpoint

INSERT INTO members_by_tier (tier, members)
SELECT coalesce(membership_level, ''), count(*) FROM users WHERE disabled_at IS NULL AND erased_at IS NULL GROUP BY 1;--> statement-breakpoint

-- The days already there.
INSERT INTO activity_daily (day, joined, revenue, refunds, rsvps, topics, replies, comments, library_views)
SELECT day, sum(joined), sum(revenue), sum(refunds), sum(rsvps), sum(topics), sum(replies), sum(comments), sum(library_views) FROM (
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) FILTER (WHERE disabled_at IS NULL AND erased_at IS NULL)::int AS joined, 0::bigint AS revenue, 0::bigint AS refunds, 0 AS rsvps, 0 AS topics, 0 AS replies, 0 AS comments, 0 AS library_views FROM users GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, coalesce(sum(amount) FILTER (WHERE kind IN ('payment', 'renewal', 'upgrade') AND status IN ('completed', 'refunded')), 0), coalesce(sum(amount) FILTER (WHERE kind = 'refund' AND status IN ('completed', 'refunded')), 0), 0, 0, 0, 0, 0 FROM payment_transactions GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, count(*) FILTER (WHERE status = 'going')::int, 0, 0, 0, 0 FROM event_rsvps GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, count(*)::int, 0, 0, 0 FROM forum_topics GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, count(*)::int, 0, 0 FROM forum_posts GROUP BY 1
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, count(*)::int, 0 FROM content_comments GROUP BY 1
  UNION ALL
  SELECT day, 0, 0, 0, 0, 0, 0, 0, count(*)::int FROM content_item_views GROUP BY 1
) c GROUP BY day;
