-- The audit log is append-only: nothing in the app (or anyone with the app's database role) edits or
-- deletes an entry. The one change let through is the foreign key's own ON DELETE SET NULL of actor_id.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
       AND (NEW.id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.details, NEW.ip, NEW.created_at)
           IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.entity_type, OLD.entity_id, OLD.details, OLD.ip, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit log entries cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- There is always an active administrator: a change that would leave none (removing the admin right,
-- disabling, deleting) is refused. The advisory lock makes two admins removing each other at once
-- take turns, so the second sees the first's change. AFTER, so that one statement changing several
-- admins is judged on its whole result.
CREATE FUNCTION users_keep_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.is_admin AND NEW.disabled_at IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('users_keep_an_admin'));
  IF NOT EXISTS (SELECT 1 FROM users WHERE is_admin AND disabled_at IS NULL) THEN
    RAISE EXCEPTION 'the last administrator cannot be removed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_keep_an_admin AFTER UPDATE OR DELETE ON users FOR EACH ROW WHEN (OLD.is_admin AND OLD.disabled_at IS NULL) EXECUTE FUNCTION users_keep_an_admin();
