ALTER TABLE "announcements" ADD COLUMN "json_fields" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- json_fields (issue 28): an announcement as a recipient's list writes it (read-announcements.ts),
-- without isRead, the members of its JSON object without the braces, in the keys' order of
-- presentAnnouncement (present-announcement.ts), which answers the single read; list-json.test.ts
-- holds the two to the same answer. Every home screen reads the list, and written there for each
-- announcement it joined the business's profile and the header picture, and ran a subquery of the
-- attachments, for each row of each read (docs/benchmarks.md, "An announcement's JSON kept by the
-- database"). Kept by triggers in the transaction of whichever code writes, as the unseen count is
-- (migration 0033): the announcement's own row, its attachments, its business's profile name and
-- which profile is the business's. A picture's obsecured_id and a document's name and type are
-- never changed once stored; a picture or document removed changes the announcement (the foreign
-- keys' set null and cascade), which the first two triggers see.
-- Times as Date.prototype.toISOString writes them (json-text.ts's isoTimestamp), text through
-- to_json, uuids quoted as they are.
CREATE OR REPLACE FUNCTION "announcement_json_fields"(a "announcements") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT '"announcementId":"' || a."id" || '"'
		|| ',"title":' || to_json(a."title")::text
		|| ',"imageId":' || coalesce((SELECT to_json(d."obsecured_id")::text FROM "display_items" d WHERE d."id" = a."image_display_item_id"), 'null')
		|| ',"corporateAccountId":' || coalesce('"' || a."corporate_account_id" || '"', 'null')
		|| ',"corporateName":' || coalesce((SELECT to_json(p."name")::text FROM "corporate_accounts" c
			JOIN "corporate_profiles" p ON p."id" = c."corporate_profile_id" WHERE c."id" = a."corporate_account_id"), 'null')
		|| ',"publishedAt":' || coalesce('"' || to_char(a."published_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
		|| ',"lastUpdatedAt":"' || to_char(a."last_updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
		|| ',"content":' || to_json(a."content")::text
		|| ',"attachments":' || coalesce((SELECT '[' || string_agg('{"name":' || to_json(f."name")::text
				|| ',"contentType":' || to_json(f."content_type")::text || ',"documentFileItemId":"' || f."id" || '"}', ',' ORDER BY t."position") || ']'
			FROM "announcement_attachments" t JOIN "document_files" f ON f."id" = t."document_file_id"
			WHERE t."announcement_id" = a."id"), '[]')
$$;
--> statement-breakpoint
-- The announcement's own row: written on every insert and update (an edit, a publication, a picture removed).
CREATE OR REPLACE FUNCTION "announcements_write_json_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."json_fields" := "announcement_json_fields"(NEW);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "announcements_json_fields" BEFORE INSERT OR UPDATE ON "announcements"
	FOR EACH ROW EXECUTE FUNCTION "announcements_write_json_fields"();
--> statement-breakpoint
-- Its attachments (added, reordered, removed, their document deleted): the announcement's row is
-- updated, and its own trigger writes the fields again.
CREATE OR REPLACE FUNCTION "announcement_attachments_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "announcements" SET "json_fields" = '' WHERE "id" IN (
		SELECT "announcement_id" FROM "changed_attachments");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "announcement_attachments_added" AFTER INSERT ON "announcement_attachments"
	REFERENCING NEW TABLE AS "changed_attachments" FOR EACH STATEMENT EXECUTE FUNCTION "announcement_attachments_touch"();
--> statement-breakpoint
CREATE TRIGGER "announcement_attachments_removed" AFTER DELETE ON "announcement_attachments"
	REFERENCING OLD TABLE AS "changed_attachments" FOR EACH STATEMENT EXECUTE FUNCTION "announcement_attachments_touch"();
--> statement-breakpoint
CREATE TRIGGER "announcement_attachments_changed" AFTER UPDATE ON "announcement_attachments"
	REFERENCING NEW TABLE AS "changed_attachments" FOR EACH STATEMENT EXECUTE FUNCTION "announcement_attachments_touch"();
--> statement-breakpoint
-- The business's shown name: its announcements are written again when its profile's name changes,
-- or when the business is given another profile.
CREATE OR REPLACE FUNCTION "announcements_touch_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'corporate_profiles' THEN
		UPDATE "announcements" SET "json_fields" = '' WHERE "corporate_account_id" IN (
			SELECT c."id" FROM "corporate_accounts" c WHERE c."corporate_profile_id" = NEW."id");
	ELSE
		UPDATE "announcements" SET "json_fields" = '' WHERE "corporate_account_id" = NEW."id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "corporate_profiles_announcements_name" AFTER UPDATE OF "name" ON "corporate_profiles"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "announcements_touch_business"();
--> statement-breakpoint
CREATE TRIGGER "corporate_accounts_announcements_profile" AFTER UPDATE OF "corporate_profile_id" ON "corporate_accounts"
	FOR EACH ROW WHEN (OLD."corporate_profile_id" IS DISTINCT FROM NEW."corporate_profile_id") EXECUTE FUNCTION "announcements_touch_business"();
--> statement-breakpoint
-- The announcements stored before: written once now.
UPDATE "announcements" SET "json_fields" = '';
