ALTER TABLE "conversation_messages" ADD COLUMN "json" text;--> statement-breakpoint
-- json (issue 28): a message as a page of messages answers it, presentMessage's JSON object
-- (present-message.ts), the keys in its order, its file's address unsigned as presentMessage's is.
-- Every message screen reads a page, and written there the page's 50 messages cost PostgreSQL
-- more than reading them (docs/benchmarks.md, "A message's JSON kept by the database"). Kept by
-- the trigger below in the writer's transaction, whichever code writes: the append, a sender's
-- account deleted (sender_deleted), and the foreign keys' set null (a sender, a card, a picture or
-- a document removed). A picture's obsecured_id and size and a document's name, type and size are
-- never changed once stored. The messages stored before this migration keep a null, and a page
-- writes theirs with this same function as it reads them (read-conversations.ts): a deployment's
-- millions of messages are not written again here.
-- Times as Date.prototype.toISOString writes them (json-text.ts's isoTimestamp), text through
-- to_json, uuids, numbers, booleans and the kind (a word its check constraint keeps) as they are.
CREATE OR REPLACE FUNCTION "conversation_message_json"(m "conversation_messages") RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
	file text;
BEGIN
	IF m."kind" = 'photo' THEN
		SELECT ',"photo":{"obsecuredDisplayItemId":' || to_json(d."obsecured_id")::text
			|| ',"width":' || d."width" || ',"height":' || d."height"
			|| ',"url":' || to_json('/ds/vbc/odisplay/' || d."obsecured_id")::text || '}'
			INTO file FROM "display_items" d WHERE d."id" = m."display_item_id";
	ELSIF m."kind" = 'document' THEN
		SELECT ',"document":{"documentFileItemId":"' || f."id"
			|| '","name":' || to_json(f."name")::text || ',"contentType":' || to_json(f."content_type")::text
			|| ',"size":' || f."size" || ',"url":"/ds/vbc/file/' || f."id" || '"}'
			INTO file FROM "document_files" f WHERE f."id" = m."document_file_id";
	END IF;
	RETURN '{"messageId":"' || m."id"
		|| '","personalConversationId":"' || m."conversation_id"
		|| '","sequence":' || m."seq"
		|| ',"kind":"' || m."kind"
		|| '","message":' || to_json(m."body")::text
		|| ',"senderAccountId":' || coalesce('"' || m."sender_account_id" || '"', 'null')
		|| ',"senderDeleted":' || m."sender_deleted"
		|| ',"fromVbcId":' || coalesce('"' || m."from_vbc_id" || '"', 'null')
		|| ',"clientMessageId":' || coalesce(to_json(m."client_message_id")::text, 'null')
		|| ',"createdAt":"' || to_char(m."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
		|| coalesce(file, '') || '}';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "conversation_messages_write_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."json" := "conversation_message_json"(NEW);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "conversation_messages_json" BEFORE INSERT OR UPDATE ON "conversation_messages"
	FOR EACH ROW EXECUTE FUNCTION "conversation_messages_write_json"();
