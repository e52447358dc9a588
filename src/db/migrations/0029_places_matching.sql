-- The birth-place typeahead (src/server/places), as one function so that each connection plans it once
-- (issue 28: a two-word query spent as long being planned as being run, the planner testing each LIKE
-- pattern against the column statistics). PL/pgSQL keeps the plans of its queries per connection;
-- force_generic_plan keeps one plan for every name, which the indexes allow because no condition needs
-- its pattern at planning time: the first letters are an expression index's key, the start of a name
-- is a range of the prefix index (~>=~ and ~<~, text_pattern_ops), and the trigram indexes take their
-- patterns when they run. Both `name` and `within` (text after a comma, which narrows by region or
-- country) are folded as the rows were (place_fold).
CREATE FUNCTION places_starting_with(folded text, p_limit integer)
RETURNS TABLE (id integer, name text, region text, country text, latitude double precision, longitude double precision, time_zone text)
LANGUAGE sql STABLE
AS $$
  SELECT chosen.id, chosen.name, chosen.region, chosen.country, chosen.latitude, chosen.longitude, chosen.time_zone FROM (
    (SELECT p.*, 0 AS rank FROM places p WHERE p.search_name = folded ORDER BY p.population DESC NULLS LAST, p.id LIMIT p_limit)
    -- The order is the indexes' own: population is never null, but PostgreSQL reads an index in order
    -- only for the NULLS order it was built with.
    UNION ALL (SELECT p.*, 1 FROM places p WHERE length(folded) = 2 AND left(p.search_name, 2) = folded AND p.search_name <> folded
               ORDER BY p.population DESC NULLS LAST, p.id LIMIT p_limit)
    UNION ALL (SELECT p.*, 1 FROM places p WHERE length(folded) = 3 AND left(p.search_name, 3) = folded AND p.search_name <> folded
               ORDER BY p.population DESC NULLS LAST, p.id LIMIT p_limit)
  ) chosen
  ORDER BY chosen.rank, chosen.population DESC NULLS LAST, chosen.id
  LIMIT p_limit
$$;
--> statement-breakpoint
CREATE FUNCTION places_matching(p_name text, p_within text, p_limit integer)
RETURNS TABLE (id integer, name text, region text, country text, latitude double precision, longitude double precision, time_zone text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  folded text := place_fold(p_name);
  -- U&'\+10FFFF' sorts after every character, so the range holds every name that starts with `folded`.
  after_prefix text := place_fold(p_name) || U&'\+10FFFF';
  pattern text := replace(replace(replace(place_fold(p_name), '\', '\\'), '%', '\%'), '_', '\_');
  within_pattern text := replace(replace(replace(place_fold(coalesce(p_within, '')), '\', '\\'), '%', '\%'), '_', '\_');
  starting_with integer;
BEGIN
  -- Two or three letters, which thousands of names start with ("pa", "san"): the place of exactly that
  -- name, then the most populous starting so, each read in order from its index (places_prefix2_idx,
  -- places_prefix3_idx) rather than by sorting them all. Counted first, then returned when they fill
  -- the list (two index reads of a few rows); otherwise the passes below answer.
  IF within_pattern = '' AND length(folded) BETWEEN 2 AND 3 THEN
    SELECT count(*) INTO starting_with FROM places_starting_with(folded, p_limit);
    IF starting_with = p_limit THEN
      RETURN QUERY SELECT * FROM places_starting_with(folded, p_limit);
      RETURN;
    END IF;
  END IF;
  -- Two passes in one query: names starting with the text (the whole name first, then by population);
  -- when those fill the list nothing could rank above them and the trigram pass is skipped. Otherwise
  -- the start of a word, anywhere in the name, then an alternate name.
  RETURN QUERY
    WITH prefixed AS MATERIALIZED (
      SELECT pl.id, pl.population, (pl.search_name <> folded)::int AS rank
      FROM places pl
      WHERE pl.search_name ~>=~ folded AND pl.search_name ~<~ after_prefix
        AND (within_pattern = '' OR pl.search_within LIKE '%' || within_pattern || '%')
      ORDER BY rank, pl.population DESC, pl.id
      LIMIT p_limit
    ),
    chosen AS (
      (SELECT * FROM prefixed WHERE length(folded) < 3 OR (SELECT count(*) FROM prefixed) = p_limit)
      UNION ALL (
        SELECT pl.id, pl.population,
          CASE
            WHEN pl.search_name = folded THEN 0
            WHEN pl.search_name LIKE pattern || '%' THEN 1
            WHEN pl.search_name LIKE '% ' || pattern || '%' OR pl.search_name LIKE '%-' || pattern || '%' THEN 2
            WHEN pl.search_name LIKE '%' || pattern || '%' THEN 3
            ELSE 4
          END AS rank
        FROM places pl
        WHERE (pl.search_name LIKE '%' || pattern || '%' OR pl.search_alternates LIKE '%' || pattern || '%')
          AND (within_pattern = '' OR pl.search_within LIKE '%' || within_pattern || '%')
          -- Two letters are too few for trigrams: they match the start of names only.
          AND length(folded) >= 3
          AND (SELECT count(*) FROM prefixed) < p_limit
        ORDER BY rank, pl.population DESC, pl.id
        LIMIT p_limit)
    )
    SELECT p.id, p.name, p.region, p.country, p.latitude, p.longitude, p.time_zone
    FROM chosen JOIN places p ON p.id = chosen.id
    ORDER BY chosen.rank, chosen.population DESC, p.id
    LIMIT p_limit;
END;
$$;
