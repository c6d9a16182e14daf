-- Card search (GET /api/vbc/search, issue 28): the trigram index with the card's business profile
-- as a second column (btree_gin gives uuid a GIN operator class), so that one index scan finds the
-- cards that match the words AND sit in a business the searcher reaches. Before it, a common word
-- (5 % of a million cards) fetched every matching card from the table and only then dropped those
-- out of reach; now only the reachable ones are fetched. The index answers a search on the text
-- alone as well (a directory's ?q=, the recents and folders arms of the search), so it replaces
-- 0013's. btree_gin is a trusted extension (PostgreSQL 13+); PGlite loads it from its contrib build.
-- fastupdate off: a card's insert or edit updates the index at once. With GIN's default pending
-- list, every search scanned the entries not yet merged until a vacuum did it: on the deployment
-- data 331 pending pages made a three-card search 3.97 ms and 347 buffers instead of 0.24 ms and 31,
-- and the bench's one-match search fell to 92 req/s at 50 connections.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "virtual_contacts_search_reach_idx" ON "virtual_contacts" USING gin ("search_text" gin_trgm_ops, "corporate_profile_id") WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS "virtual_contacts_search_text_idx";
