ALTER TABLE "virtual_contacts" ADD COLUMN "summary_json" text;--> statement-breakpoint
-- summary_json (issue 28): a card as the lists show it, presentCardSummary's JSON object
-- (present-card.ts), the keys in its order: a business directory's page, recents and search send
-- it as it is. Written on every read, a page's 50 cards cost PostgreSQL about half of the page's
-- statement (docs/benchmarks.md, "A card's summary kept by the database"). Kept by the trigger
-- below in the writer's transaction, whichever code writes: an insert, an update naming one of
-- the columns it shows (a view's counters name none), and the foreign keys' set null (an owner, a
-- business profile or a picture removed). The name is trimmed of what JavaScript's
-- String.prototype.trim removes; text through to_json, uuids and booleans as they are. In plpgsql,
-- not SQL: a statement that reads the summaries (search's, planned on every run) would otherwise
-- inline this function's body, parsed anew, each time it is planned.
CREATE OR REPLACE FUNCTION "virtual_contact_summary_json"(v "virtual_contacts") RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN '{"virtualContactId":"' || v."id"
		|| '","id":"' || v."id"
		|| '","quickId":' || to_json(v."quick_id")::text
		|| ',"name":' || to_json(btrim(v."first_name" || ' ' || v."last_name",
			E'\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'))::text
		|| ',"firstName":' || to_json(v."first_name")::text
		|| ',"lastName":' || to_json(v."last_name")::text
		|| ',"jobTitle":' || coalesce(to_json(v."job_title")::text, 'null')
		|| ',"organization":' || coalesce(to_json(v."organization")::text, 'null')
		|| ',"pictureDisplayItemId":' || coalesce('"' || v."picture_display_item_id" || '"', 'null')
		|| ',"isCorporateProfile":' || (v."corporate_profile_id" IS NOT NULL)::text
		|| ',"hasVirginAccessProtection":' || (v."owner_account_id" IS NULL AND v."passcode_hash" IS NOT NULL)::text
		|| '}';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "virtual_contacts_write_summary_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."summary_json" := "virtual_contact_summary_json"(NEW);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "virtual_contacts_summary_json" BEFORE INSERT OR UPDATE OF "id", "quick_id", "first_name", "last_name", "job_title",
	"organization", "picture_display_item_id", "corporate_profile_id", "owner_account_id", "passcode_hash" ON "virtual_contacts"
	FOR EACH ROW EXECUTE FUNCTION "virtual_contacts_write_summary_json"();
--> statement-breakpoint
-- The cards stored before this migration keep a null here: writing a deployment's million cards
-- in the migration took 158 s, during which every card's edit waited (docs/benchmarks.md). Each
-- instance writes them after it starts, a batch at a time (cards/fill-summaries.ts), finding them
-- by this index, which is empty once they are written; a list that meets a null meanwhile writes
-- that card's summary with the same function as it reads it.
CREATE INDEX "virtual_contacts_summary_missing_idx" ON "virtual_contacts" USING btree ("id") WHERE summary_json is null;
