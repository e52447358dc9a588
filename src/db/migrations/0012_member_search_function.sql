-- What the member directory search matches (src/db/schema/users.ts, memberSearchText): IMMUTABLE so
-- that a trigram index can hold it (array_to_string itself is only STABLE). A location she hides
-- from members, and the topics of someone who is no longer a mentor, are never searchable.
CREATE OR REPLACE FUNCTION member_search_text(
  first_name text, last_name text, location text, location_visibility text,
  interests text[], is_mentor boolean, mentor_topics text[]
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(
    first_name || ' ' || last_name || ' ' ||
    CASE WHEN location_visibility = 'members' THEN coalesce(location, '') ELSE '' END || ' ' ||
    array_to_string(interests, ' ') || ' ' ||
    CASE WHEN is_mentor THEN array_to_string(mentor_topics, ' ') ELSE '' END
  )
$$;
