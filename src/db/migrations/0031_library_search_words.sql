-- Library search reads whole words (issue 28). A search's last word is a prefix, so that results come
-- while typing; GIN answers a prefix by collecting every item of every matching word into a bitmap
-- before the other words can narrow it, which cost as much as the rest of the search at 50,000 items.
-- The library's own words, kept here by triggers, turn the prefix into the few whole words it can be;
-- GIN then skips through the rarer word's items. Same items, same order: only how they are found changes.
CREATE TABLE "content_search_words" (
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_search_words_prefix_idx" ON "content_search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint

-- Statement-level with transition tables: a bulk insert adds its words in one statement. PostgreSQL
-- allows no column list with transition tables, and the tag triggers of 0015 rewrite the vector too, so
-- every update passes through; only rows whose vector changed add words (a view's counter does not).
-- Only words not there yet are added, with no unique key: with one, a save would wait for another's
-- uncommitted new words, and two saves adding each other's words would deadlock. A word two saves add
-- at once is kept twice; content_search_query reads it once.
CREATE FUNCTION content_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_search_words (word)
    SELECT DISTINCT added.word FROM new_items, unnest(tsvector_to_array(new_items.search_vector)) AS added(word)
     WHERE NOT EXISTS (SELECT 1 FROM content_search_words known WHERE known.word = added.word);
  ELSE
    INSERT INTO content_search_words (word)
    SELECT DISTINCT added.word
      FROM new_items n JOIN old_items o ON o.id = n.id, unnest(tsvector_to_array(n.search_vector)) AS added(word)
     WHERE n.search_vector IS DISTINCT FROM o.search_vector
       AND NOT EXISTS (SELECT 1 FROM content_search_words known WHERE known.word = added.word);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER content_search_words_insert AFTER INSERT ON content_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION content_search_words_add();--> statement-breakpoint

CREATE TRIGGER content_search_words_update AFTER UPDATE ON content_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION content_search_words_add();--> statement-breakpoint

INSERT INTO content_search_words (word)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM content_items WHERE search_vector IS NOT NULL;--> statement-breakpoint

-- The search's query for its words (letters and digits only, src/server/library/queries.ts): every word
-- must match, the last as a prefix. The prefix, stemmed as to_tsquery stems it, becomes the library's
-- words that start with it (byte order, as a tsquery prefix compares) when there are 1 to 32 of them;
-- otherwise it stays a prefix: more words would cost more than the bitmap, and none means no item
-- matches. A plan per connection, as places_matching (0029): the range needs no value to be planned.
CREATE FUNCTION content_search_query(words text[]) RETURNS tsquery LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  prefix text[] := tsvector_to_array(to_tsvector('english', words[cardinality(words)]));
  whole_words text[];
  last_word tsquery;
BEGIN
  IF cardinality(prefix) = 1 THEN
    SELECT array_agg(w.word) INTO whole_words FROM (
      SELECT DISTINCT word FROM content_search_words
       WHERE word ~>=~ prefix[1] AND word ~<~ (prefix[1] || U&'\+10FFFF')
       ORDER BY word LIMIT 33) w;
  END IF;
  IF cardinality(whole_words) BETWEEN 1 AND 32 THEN
    -- Quoted as tsquery's input reads a lexeme: no stemming, quotes doubled, backslashes escaped.
    last_word := (SELECT string_agg('''' || replace(replace(w, '\', '\\'), '''', '''''') || '''', ' | ') FROM unnest(whole_words) w)::tsquery;
  ELSE
    last_word := to_tsquery('english', words[cardinality(words)] || ':*');
  END IF;
  IF cardinality(words) = 1 THEN
    RETURN last_word;
  END IF;
  RETURN to_tsquery('english', array_to_string(words[1:cardinality(words) - 1], ' & ')) && last_word;
END
$$;
