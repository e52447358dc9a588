-- The site search (src/server/search, docs/decisions/042-site-search.md): full-text indexes for the kinds
-- that had none. Expression indexes of the schema's eventSearchVector, blogSearchVector and
-- memberSearchVector, which the queries repeat so that the planner matches them.
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', member_search_text("first_name", "last_name", "location", "location_visibility", "interests", "is_mentor", "mentor_topics")));--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ((setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "excerpt"), 'B') || setweight(to_tsvector('english', "body"), 'C')));--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ((setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "description"), 'B')));