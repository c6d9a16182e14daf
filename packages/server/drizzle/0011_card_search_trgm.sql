-- Card search (GET /api/vbc/search): a trigram index over what is searched (name, job title,
-- organization), lower-cased. The expression is repeated exactly in search/search-cards.ts.
-- pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it from its contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "virtual_contacts_search_idx" ON "virtual_contacts" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || coalesce("job_title", '') || ' ' || coalesce("organization", ''))) gin_trgm_ops);
