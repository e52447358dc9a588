-- Nothing commits after its request gave up (docs/decisions/016-when-postgresql-stalls.md). Just before each
-- COMMIT the app's pools call arm_commit_deadline(window): a write transaction gets a row holding the
-- deadline, taken from the database's own clock, and the row's deferred trigger runs at COMMIT and
-- refuses it when the clock is past the deadline, however late the COMMIT was read or carried out (a
-- paused server whose timers could not fire). The trigger removes the row again; UNLOGGED, as a
-- deadline means nothing after a crash and needs no WAL.
CREATE UNLOGGED TABLE commit_deadlines (deadline timestamptz NOT NULL);
--> statement-breakpoint
CREATE FUNCTION commit_deadline_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The row goes first, so that the clock is read last: once the check has passed, only the COMMIT's
  -- own few steps remain (a DELETE after it was planned there on a connection's first COMMIT, a
  -- millisecond in which a freeze let a COMMIT that had passed its check commit after the app gave up).
  DELETE FROM commit_deadlines WHERE ctid = NEW.ctid;
  IF clock_timestamp() > NEW.deadline THEN
    -- 25P03 (idle_in_transaction_session_timeout): the COMMIT came later than the transaction may wait
    -- for it; the app answers it as the database being unavailable (503), as it does that timeout.
    RAISE EXCEPTION 'COMMIT refused: carried out % ms after its deadline',
      round(extract(epoch FROM clock_timestamp() - NEW.deadline) * 1000) USING ERRCODE = '25P03';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred events fire in the order they were queued, and the row is written just before COMMIT, so
-- the check runs after the transaction's own deferred triggers, as late as SQL can run in a COMMIT.
CREATE CONSTRAINT TRIGGER commit_deadline_check AFTER INSERT ON commit_deadlines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commit_deadline_check();
--> statement-breakpoint
-- A transaction that wrote nothing has no transaction id and nothing to refuse: it is left alone, so
-- that reads stay read-only (no row, no transaction id, no commit record).
CREATE FUNCTION arm_commit_deadline(window_ms integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    INSERT INTO commit_deadlines (deadline) VALUES (clock_timestamp() + window_ms * interval '1 millisecond');
  END IF;
END;
$$;
