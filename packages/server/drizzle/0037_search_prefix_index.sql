-- Card search (GET /api/vbc/search, issue 28): a common first name found without reading every
-- match. The linked cards by business and search text, as text_pattern_ops orders it (byte by
-- byte, whatever the database's collation): the cards of the reached businesses whose text
-- begins with the first word typed (`maria`) are a range of this index, read only as far as the
-- search's cap (search/search-cards.ts). The trigram index (migration 0030) reads every entry of
-- a word's trigrams however few matches are ranked: some 300,000 for `maria` on the deployment
-- bench's million cards, 2.3–3.5 ms. Linked cards only: a search reaches a personal card through
-- the searcher's recents and folders, by id.
CREATE INDEX IF NOT EXISTS "virtual_contacts_search_prefix_idx" ON "virtual_contacts" ("corporate_profile_id", "search_text" text_pattern_ops) WHERE "corporate_profile_id" IS NOT NULL;
