-- The library search document (decisions.md, Library): title (A), summary and tag names (B), the
-- article's text without its markup (C). Kept by triggers so that every writer (the editor, the demo
-- seed, bulk SQL) gets the same vector; tags live in other tables, so a generated column cannot do it.
CREATE FUNCTION content_item_search_document(item_title text, item_summary text, item_content text, tag_names text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(item_title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(item_summary, '') || ' ' || coalesce(tag_names, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, regexp_replace(regexp_replace(coalesce(item_content, ''), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'C')
$$;--> statement-breakpoint

CREATE FUNCTION content_item_tag_names(item_id integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(t.name, ' ') FROM content_item_tags it JOIN content_tags t ON t.id = it.tag_id WHERE it.content_id = item_id
$$;--> statement-breakpoint

CREATE FUNCTION content_items_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := content_item_search_document(NEW.title, NEW.summary, NEW.content, content_item_tag_names(NEW.id));
  RETURN NEW;
END
$$;--> statement-breakpoint

CREATE TRIGGER content_items_search BEFORE INSERT OR UPDATE OF title, summary, content ON content_items
  FOR EACH ROW EXECUTE FUNCTION content_items_search_refresh();--> statement-breakpoint

-- Statement-level with transition tables: a bulk insert of tags updates each item once.
CREATE FUNCTION content_item_tags_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_items i
     SET search_vector = content_item_search_document(i.title, i.summary, i.content, content_item_tag_names(i.id))
   WHERE i.id IN (SELECT DISTINCT content_id FROM changed_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER content_item_tags_search_insert AFTER INSERT ON content_item_tags
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION content_item_tags_search_refresh();--> statement-breakpoint

CREATE TRIGGER content_item_tags_search_delete AFTER DELETE ON content_item_tags
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION content_item_tags_search_refresh();--> statement-breakpoint

CREATE FUNCTION content_tags_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_items i
     SET search_vector = content_item_search_document(i.title, i.summary, i.content, content_item_tag_names(i.id))
   WHERE i.id IN (
     SELECT it.content_id FROM content_item_tags it
       JOIN new_tags n ON n.id = it.tag_id
       JOIN old_tags o ON o.id = n.id
      WHERE o.name IS DISTINCT FROM n.name);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- PostgreSQL allows no column list with transition tables: the function compares old and new names.
CREATE TRIGGER content_tags_search_rename AFTER UPDATE ON content_tags
  REFERENCING OLD TABLE AS old_tags NEW TABLE AS new_tags FOR EACH STATEMENT EXECUTE FUNCTION content_tags_search_refresh();--> statement-breakpoint

UPDATE content_items SET search_vector = content_item_search_document(title, summary, content, content_item_tag_names(id));--> statement-breakpoint

-- Reading time of the articles already there, 200 words a minute as the editor computes it.
UPDATE content_items
   SET reading_minutes = greatest(1, ceil(coalesce(array_length(regexp_split_to_array(trim(regexp_replace(content, '<[^>]*>', ' ', 'g')), '\s+'), 1), 0) / 200.0))
 WHERE content_type = 'article';
