-- Her unread count is kept, not counted (docs/decisions/049-notification-lists-at-size.md): every
-- insert, update and delete on notifications, whoever makes it (a producer, the grouping of reactions,
-- a fan-out of thousands, marking read, a cascade from an erased account), moves notification_counts
-- by the rows it changed, in the same statement and transaction. A row's part in the counts depends on
-- its own columns only (recipient, required level, kind, read or not), so concurrent writers' changes
-- add up exactly; the blocks and her tier, which change without touching notifications, are applied
-- when the counts are read. Statement-level triggers: a fan-out of 5,000 rows is one grouped upsert,
-- taking the counts rows' locks in (user_id, required_level) order like every other writer here.
CREATE FUNCTION notification_counts_add(delta_user integer[], delta_level text[], delta_unread integer[], delta_messages integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO notification_counts AS c (user_id, required_level, unread, unread_messages)
  SELECT d.user_id, d.required_level, d.unread, d.messages
  FROM unnest(delta_user, delta_level, delta_unread, delta_messages) AS d(user_id, required_level, unread, messages)
  WHERE d.unread <> 0 OR d.messages <> 0
  ORDER BY d.user_id, d.required_level
  ON CONFLICT (user_id, required_level) DO UPDATE
    SET unread = c.unread + EXCLUDED.unread, unread_messages = c.unread_messages + EXCLUDED.unread_messages
$$;--> statement-breakpoint
CREATE FUNCTION notification_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notification_counts_add(array_agg(user_id), array_agg(required_level), array_agg(unread), array_agg(messages))
  FROM (
    SELECT user_id, required_level, count(*)::int AS unread, (count(*) FILTER (WHERE kind = 'direct_message'))::int AS messages
    FROM inserted WHERE read_at IS NULL GROUP BY user_id, required_level
  ) d
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION notification_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notification_counts_add(array_agg(user_id), array_agg(required_level), array_agg(unread), array_agg(messages))
  FROM (
    SELECT user_id, required_level, sum(unread)::int AS unread, sum(messages)::int AS messages
    FROM (
      SELECT user_id, required_level, -1 AS unread, -(kind = 'direct_message')::int AS messages FROM before WHERE read_at IS NULL
      UNION ALL
      SELECT user_id, required_level, 1, (kind = 'direct_message')::int FROM after WHERE read_at IS NULL
    ) changes
    GROUP BY user_id, required_level
    HAVING sum(unread) <> 0 OR sum(messages) <> 0
  ) d
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A delete only lowers counts, and never inserts one: when an account is erased, its counts rows may
-- already be gone with it (the cascade), and its notifications' delete has nothing left to lower.
CREATE FUNCTION notification_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM notification_counts c
  WHERE c.user_id IN (SELECT user_id FROM deleted WHERE read_at IS NULL)
  ORDER BY c.user_id, c.required_level FOR UPDATE;
  UPDATE notification_counts c
  SET unread = c.unread - d.unread, unread_messages = c.unread_messages - d.messages
  FROM (
    SELECT user_id, required_level, count(*)::int AS unread, (count(*) FILTER (WHERE kind = 'direct_message'))::int AS messages
    FROM deleted WHERE read_at IS NULL GROUP BY user_id, required_level
  ) d
  WHERE c.user_id = d.user_id AND c.required_level IS NOT DISTINCT FROM d.required_level;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION notification_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notification_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_insert();--> statement-breakpoint
CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_update();--> statement-breakpoint
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_delete();--> statement-breakpoint
CREATE TRIGGER notification_counts_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_after_truncate();--> statement-breakpoint
-- The counts of the notifications already there. Creating the triggers above locked notifications
-- against writes until this migration commits, so nothing is counted twice or missed.
INSERT INTO notification_counts (user_id, required_level, unread, unread_messages)
SELECT user_id, required_level, count(*)::int, (count(*) FILTER (WHERE kind = 'direct_message'))::int
FROM notifications WHERE read_at IS NULL GROUP BY user_id, required_level;
