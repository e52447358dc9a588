-- Folding for place search, in SQL so that the rows and the query fold the same way: lowercase,
-- accents stripped (São Paulo, sao paulo and SÃO PAULO meet). unaccent is only stable because its
-- dictionary could change; naming the dictionary makes this wrapper safe for generated columns.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
