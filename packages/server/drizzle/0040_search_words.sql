CREATE TABLE "card_search_words" (
	"word" text NOT NULL,
	"corporate_profile_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	CONSTRAINT "card_search_words_word_corporate_profile_id_card_id_pk" PRIMARY KEY("word","corporate_profile_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "card_search_words_fill" (
	"after_card_id" uuid
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_search_words" ADD CONSTRAINT "card_search_words_card_id_virtual_contacts_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."virtual_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_search_words_card_idx" ON "card_search_words" USING btree ("card_id");--> statement-breakpoint
-- Card search (issue 28): a common word's search read every match's entry in
-- virtual_contacts_search_reach_idx (the posting lists of its trigrams and of the businesses
-- reached: 4–7 ms of the database for `maria` on the deployment bench's data) to rank 100 of them.
-- The words of the linked cards, each kept once in search_words (trigram-indexed, small) and
-- with each card and its business in card_search_words (a btree by word, then business), let a
-- search find the few words that contain its longest word and read, for the businesses it
-- reaches, only as many cards as it ranks (search/search-cards.ts). A card's words are what its
-- search_text holds between spaces: a searched word (no white space in it) that is in the text lies
-- within one of them.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_of"(p_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT w FROM unnest(string_to_array(p_text, ' ')) w WHERE w <> '' ORDER BY w
$$;
--> statement-breakpoint
-- A card's words written anew (none when it is not linked to a business). The vocabulary's new
-- words are inserted in order, so two writers adding the same words cannot wait on each other.
CREATE OR REPLACE FUNCTION "write_card_search_words"(p_card uuid, p_profile uuid, p_text text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "card_search_words" WHERE "card_id" = p_card;
	IF p_profile IS NULL THEN
		RETURN;
	END IF;
	INSERT INTO "search_words" ("word") SELECT w FROM "search_words_of"(p_text) w ON CONFLICT DO NOTHING;
	INSERT INTO "card_search_words" ("word", "corporate_profile_id", "card_id") SELECT w, p_profile, p_card FROM "search_words_of"(p_text) w;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "virtual_contacts_write_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "write_card_search_words"(NEW."id", NEW."corporate_profile_id", NEW."search_text");
	RETURN NULL;
END $$;
--> statement-breakpoint
-- In the writer's transaction: a linked card's insert, and an update that changes its text or its
-- business (the foreign key's set null when a business profile is removed too); a view's counters
-- and every other edit leave the words alone. A card's deletion takes its words (the foreign key).
CREATE TRIGGER "virtual_contacts_search_words_insert" AFTER INSERT ON "virtual_contacts"
	FOR EACH ROW WHEN (NEW."corporate_profile_id" IS NOT NULL) EXECUTE FUNCTION "virtual_contacts_write_search_words"();
--> statement-breakpoint
CREATE TRIGGER "virtual_contacts_search_words_update" AFTER UPDATE OF "first_name", "last_name", "job_title", "organization", "corporate_profile_id" ON "virtual_contacts"
	FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."corporate_profile_id" IS DISTINCT FROM NEW."corporate_profile_id")
	EXECUTE FUNCTION "virtual_contacts_write_search_words"();
--> statement-breakpoint
-- The linked cards stored before this migration get their words after it, from each instance a
-- batch at a time in id order (search/fill-search-words.ts), not here: a migration writing a
-- deployment's cards holds every card's edit until it ends. A database with no linked card has
-- nothing to fill.
INSERT INTO "card_search_words_fill" ("after_card_id") SELECT NULL WHERE EXISTS (SELECT 1 FROM "virtual_contacts" WHERE "corporate_profile_id" IS NOT NULL);
