CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("partner_code", '')) gin_trgm_ops);
