-- Card search (GET /api/vbc/search, issue 28): a common first name found without reading every
-- match. The linked cards by business and search text, as text_pattern_ops orders it (byte by
-- byte, whatever the database's collation): the cards of the reached businesses whose text
-- begins with the first word typed (`maria`) are a range of this index, read only as far as the
-- search's cap (search/search-cards.ts). The trigram index (migration 0030) reads every entry of
-- a word's trigrams however few matches are ranked: some 300,000 for `maria` on the deployment
-- bench's million cards, 2.3–3.5 ms. Linked cards only: a search reaches a personal card through
-- the searcher's recents and folders, by id.
CREATE INDEX IF NOT EXISTS "virtual_contacts_search_prefix_idx" ON "virtual_contacts" ("corporate_profile_id", "search_text" text_pattern_ops) WHERE "corporate_profile_id" IS NOT NULL;
--> statement-breakpoint
-- search_beginning: the first part of a card search (search/search-cards.ts): at most p_cap of the
-- cards of the businesses p_account reaches (migration 0035) whose text begins with p_first (the
-- first word, as typed) and holds every one of p_patterns (LIKE patterns, separated by a space:
-- no word holds one), a range of virtual_contacts_search_prefix_idx. Its statement keeps its
-- generic plan (its conditions are index conditions with parameters): planned once per
-- connection, a rare word's beginning costs a few index probes. When it answers fewer than p_cap
-- cards, the search by words runs instead, and finds the searcher's recents and folders too.
CREATE OR REPLACE FUNCTION "search_beginning"(p_account uuid, p_first text, p_patterns text, p_cap integer)
RETURNS SETOF "virtual_contacts" LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	RETURN QUERY SELECT v.* FROM "virtual_contacts" v
	 WHERE v."corporate_profile_id" = any(search_reached_profiles(p_account))
	   AND v."search_text" ~>=~ p_first AND v."search_text" ~<~ (p_first || chr(1114111))
	   AND v."search_text" LIKE all(string_to_array(p_patterns, ' '))
	 LIMIT p_cap;
END $$;
