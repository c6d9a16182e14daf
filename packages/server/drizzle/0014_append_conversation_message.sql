-- A message is appended in one statement (conversations/send-message.ts): this function, called
-- alone, is its own transaction. It replaces five round trips (begin, bump the sequence, insert,
-- read the previous message's time, commit) with one, and holds the conversation's row lock only
-- while it runs instead of across those round trips.
--
-- Under the row lock, in order: the conversation's sequence and newest-message time (`updated_at`
-- is only ever set to the time of the conversation's newest message, so before the bump it is when
-- message seq - 1 was sent); a retry of a clientMessageId already used by this sender returns that
-- message (replayed = true, nothing changed); otherwise the sequence is bumped and the message
-- inserted with it (replayed = false; previous_at null for the first message and for a replay).
-- No row: the conversation does not exist. Each statement of a function sees what was committed
-- before it (read committed), so a retry sees an original that committed while it waited for the
-- lock.
CREATE OR REPLACE FUNCTION "append_conversation_message"(
	p_conversation_id uuid, p_sender_account_id uuid, p_from_vbc_id uuid, p_kind text, p_body text,
	p_display_item_id uuid, p_document_file_id uuid, p_client_message_id text, p_now timestamp with time zone
) RETURNS TABLE (
	"id" uuid, "conversation_id" uuid, "seq" integer, "sender_account_id" uuid, "sender_deleted" boolean,
	"from_vbc_id" uuid, "kind" text, "body" text, "display_item_id" uuid, "document_file_id" uuid,
	"client_message_id" text, "created_at" timestamp with time zone, "replayed" boolean, "previous_at" timestamp with time zone
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
	v_last_seq integer;
	v_previous_at timestamp with time zone;
	v_message "conversation_messages";
	v_replayed boolean := false;
BEGIN
	SELECT c."last_seq", c."updated_at" INTO v_last_seq, v_previous_at FROM "conversations" c WHERE c."id" = p_conversation_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF p_client_message_id IS NOT NULL THEN
		SELECT * INTO v_message FROM "conversation_messages" o
		WHERE o."conversation_id" = p_conversation_id AND o."sender_account_id" = p_sender_account_id AND o."client_message_id" = p_client_message_id;
		v_replayed := FOUND;
	END IF;
	IF NOT v_replayed THEN
		UPDATE "conversations" c SET "last_seq" = v_last_seq + 1, "updated_at" = p_now WHERE c."id" = p_conversation_id;
		INSERT INTO "conversation_messages" ("conversation_id", "seq", "sender_account_id", "from_vbc_id", "kind", "body", "display_item_id", "document_file_id", "client_message_id", "created_at")
		VALUES (p_conversation_id, v_last_seq + 1, p_sender_account_id, p_from_vbc_id, p_kind, p_body, p_display_item_id, p_document_file_id, p_client_message_id, p_now)
		RETURNING * INTO v_message;
	END IF;
	RETURN QUERY SELECT v_message."id", v_message."conversation_id", v_message."seq", v_message."sender_account_id", v_message."sender_deleted",
		v_message."from_vbc_id", v_message."kind", v_message."body", v_message."display_item_id", v_message."document_file_id",
		v_message."client_message_id", v_message."created_at", v_replayed, CASE WHEN NOT v_replayed AND v_last_seq > 0 THEN v_previous_at END;
END
$$;
