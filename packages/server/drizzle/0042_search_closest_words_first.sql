-- The words of the vocabulary containing a searched word, closest first: the shortest (the word
-- itself when some card holds it), then alphabetically. A search ranks the first cards it finds
-- (search/search-cards.ts, SEARCH_CANDIDATES), and it finds them word by word in this order: with
-- the words in the trigram index's order (where they happen to lie in the table), a common name
-- could fill the candidates with the cards of a longer word containing it ("Annamaria" for
-- `maria`) and leave the cards of the name itself unranked. A word of three letters matches more
-- words than a name does; they are sorted here, before any card is read.
CREATE OR REPLACE FUNCTION "search_vocabulary"(p_pattern text) RETURNS text[]
LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
BEGIN
	RETURN array(SELECT w."word" FROM "search_words" w WHERE w."word" LIKE p_pattern ORDER BY length(w."word"), w."word");
END $$;
--> statement-breakpoint
-- Each word in that order, with each business reached.
CREATE OR REPLACE FUNCTION "search_word_businesses"(p_pattern text, p_account uuid)
RETURNS TABLE ("word" text, "profile_id" uuid) LANGUAGE plpgsql STABLE ROWS 10 AS $$
DECLARE
	v_words text[] := "search_vocabulary"(p_pattern);
BEGIN
	IF cardinality(v_words) > 0 THEN
		RETURN QUERY SELECT v.w, p FROM unnest(v_words) WITH ORDINALITY AS v(w, n)
			CROSS JOIN unnest("search_reached_profiles"(p_account)) p ORDER BY v.n;
	END IF;
END $$;
