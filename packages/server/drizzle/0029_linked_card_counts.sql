CREATE TABLE "corporate_profile_card_counts" (
	"corporate_profile_id" uuid PRIMARY KEY NOT NULL,
	"card_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporate_profile_card_counts" ADD CONSTRAINT "corporate_profile_card_counts_corporate_profile_id_corporate_profiles_id_fk" FOREIGN KEY ("corporate_profile_id") REFERENCES "public"."corporate_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A business directory's card count (issue 28), kept in the transaction that links or unlinks a
-- card, whichever code does it (card create and edit, team import, SCIM, a member's removal, a
-- card's or a profile's deletion through its foreign key): +1 for the profile a card joins, -1
-- for the one it leaves. Both rows are touched in one order (by id), so two cards moving between
-- the same two profiles in opposite directions cannot deadlock. The -1 is a plain update: when a
-- profile is deleted its row goes with it (cascade) and the cards' set-null finds nothing to
-- lower. Only updates that change the card's profile fire (UPDATE OF … WHEN), so a view count
-- or an edit of the card's text costs nothing.
CREATE OR REPLACE FUNCTION "count_linked_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_left uuid := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."corporate_profile_id" END;
	v_joined uuid := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."corporate_profile_id" END;
	v_id uuid;
	v_delta integer;
BEGIN
	FOR v_id, v_delta IN
		SELECT d.id, d.delta FROM (VALUES (v_left, -1), (v_joined, 1)) d(id, delta) WHERE d.id IS NOT NULL ORDER BY d.id
	LOOP
		IF v_delta < 0 THEN
			UPDATE "corporate_profile_card_counts" SET "card_count" = "card_count" - 1 WHERE "corporate_profile_id" = v_id;
		ELSE
			INSERT INTO "corporate_profile_card_counts" AS c ("corporate_profile_id", "card_count") VALUES (v_id, 1)
			ON CONFLICT ("corporate_profile_id") DO UPDATE SET "card_count" = c."card_count" + 1;
		END IF;
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "virtual_contacts_count_linked_insert_delete" AFTER INSERT OR DELETE ON "virtual_contacts"
	FOR EACH ROW EXECUTE FUNCTION "count_linked_cards"();
--> statement-breakpoint
CREATE TRIGGER "virtual_contacts_count_linked_update" AFTER UPDATE OF "corporate_profile_id" ON "virtual_contacts"
	FOR EACH ROW WHEN (OLD."corporate_profile_id" IS DISTINCT FROM NEW."corporate_profile_id") EXECUTE FUNCTION "count_linked_cards"();
--> statement-breakpoint
-- The cards linked before the triggers (the triggers' lock on virtual_contacts holds writers off until this commits).
INSERT INTO "corporate_profile_card_counts" ("corporate_profile_id", "card_count")
SELECT "corporate_profile_id", count(*)::int FROM "virtual_contacts" WHERE "corporate_profile_id" IS NOT NULL GROUP BY "corporate_profile_id";
