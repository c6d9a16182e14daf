-- search_reached_cards, search_reached_profiles: what an account reaches in a card search
-- (search/search-cards.ts), each read by a function whose statement PL/pgSQL plans once per
-- connection. The search's words decide its plan (a rare word reads its trigrams and checks the
-- reach on the few rows found; a common one reads the words and the businesses in one scan of
-- virtual_contacts_search_reach_idx), so the search is planned on every run; with the reach
-- written in it as subqueries, planning them was most of that (0.5–0.6 ms of a one-match search's
-- 0.8–0.9 on the deployment bench's data). Their answers are arrays, read once a search.
-- search_reached_cards: the cards the account viewed (recents) and saved in its folders.
CREATE OR REPLACE FUNCTION "search_reached_cards"(p_account uuid) RETURNS uuid[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN array(
		SELECT r.contact_id FROM account_recents r WHERE r.account_id = p_account
		UNION ALL
		SELECT c.contact_id FROM directory_folder_cards c
		  JOIN directory_folders f ON f.id = c.folder_id
		 WHERE f.account_id = p_account);
END $$;
--> statement-breakpoint
-- search_reached_profiles: the business profiles of every public team directory and of the
-- businesses the account belongs to or follows.
CREATE OR REPLACE FUNCTION "search_reached_profiles"(p_account uuid) RETURNS uuid[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN array(
		SELECT a.corporate_profile_id FROM corporate_accounts a
		 WHERE a.directory_public
		    OR a.id IN (SELECT m.corporate_account_id FROM corporate_account_members m WHERE m.account_id = p_account)
		    OR a.id IN (SELECT f.corporate_account_id FROM corporate_followers f WHERE f.account_id = p_account));
END $$;
