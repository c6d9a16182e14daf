-- Card search (GET /api/vbc/search) reads a stored, lower-cased copy of what is searched (name, job
-- title, organization), kept by PostgreSQL itself, with the trigram index on it: a search no longer
-- builds that text for every card it looks at (at 10,000 cards that was most of its time), and the
-- planner can take the index for selective words. The column is not in the drizzle schema (rows
-- read as before); search/search-cards.ts names it. Replaces 0011's expression index.
ALTER TABLE "virtual_contacts" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("job_title", '') || ' ' || coalesce("organization", ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "virtual_contacts_search_text_idx" ON "virtual_contacts" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "virtual_contacts_search_idx";
