-- search_vocabulary: the words of search_words (migration 0040) that contain a pattern (LIKE), as an
-- array, read through the trigram index search_words_trgm_idx (search/search-cards.ts, for a
-- searched word with three letters in a row). The search's statement is planned once for any
-- words, and a plan made without the pattern could not tell the index's few entries from the whole
-- table: under the search's limit it read the vocabulary in order, expecting matches early (with
-- 290,000 words a rare word read them all, 65–96 ms), and as an array of its own it chose the same
-- sequential scan up to some tens of thousands of words (3–5 ms at 20,000). PL/pgSQL plans this
-- statement once per connection too, without the sequential scan (the function's setting, which
-- holds for this statement alone). A pattern without a trigram is not looked up here: the index
-- would read all of itself.
CREATE OR REPLACE FUNCTION "search_vocabulary"(p_pattern text) RETURNS text[]
LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
BEGIN
	RETURN array(SELECT w."word" FROM "search_words" w WHERE w."word" LIKE p_pattern);
END $$;
--> statement-breakpoint
-- search_word_businesses: each word of search_vocabulary(p_pattern) with each business profile the
-- account reaches (search_reached_profiles, migration 0035), word by word: where a search looks
-- for the cards holding a word. When no word matches, nothing, and the reach is not read (most
-- searches typed letter by letter end that way).
CREATE OR REPLACE FUNCTION "search_word_businesses"(p_pattern text, p_account uuid)
RETURNS TABLE ("word" text, "profile_id" uuid) LANGUAGE plpgsql STABLE ROWS 10 AS $$
DECLARE
	v_words text[] := "search_vocabulary"(p_pattern);
BEGIN
	IF cardinality(v_words) > 0 THEN
		RETURN QUERY SELECT w, p FROM unnest(v_words) w CROSS JOIN unnest("search_reached_profiles"(p_account)) p;
	END IF;
END $$;
