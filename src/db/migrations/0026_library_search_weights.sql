-- Library search ranks title > tags > summary > body (issue 28): the document's weights become title (A),
-- tag names (B), summary (C) and the article's text without its markup (D). The triggers of 0015 call
-- this function, so every writer gets the new weights; the vectors already there are recomputed.
CREATE OR REPLACE FUNCTION content_item_search_document(item_title text, item_summary text, item_content text, tag_names text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(item_title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(item_summary, '')), 'C')
      || setweight(to_tsvector('english'::regconfig, regexp_replace(regexp_replace(coalesce(item_content, ''), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')
$$;--> statement-breakpoint

UPDATE content_items SET search_vector = content_item_search_document(title, summary, content, content_item_tag_names(id));
