-- capture_lead (migrations 0017, 0028): a new person's exchange inserts the lead first, and looks
-- for the owner's lead with the same request, e-mail or phone only when a unique index refuses the
-- insert (its ON CONFLICT DO NOTHING), not before every insert. Only the requests merged into a
-- lead (lead_requests, by its primary key) are looked up first: a merge may have changed that
-- lead's e-mail since, so the index on the e-mail would no longer recognize the request.
-- Why: those three lookups were a plan each, cached per connection. On a young table (no statistics
-- yet) PostgreSQL's plan for "the owner's lead with this e-mail" read the owner's leads through
-- leads_owner_request_uq (the owner alone in the index, the e-mail a filter), so each exchange read
-- every lead of its owner: with one owner collecting 28,000 leads, 40-130 ms a batch late in a
-- 20 s run of the exchange bench, and its p99 was 450 ms. The unique indexes' own checks need no
-- plan. The retry budget is one attempt larger (5): the first attempt does not look.
CREATE OR REPLACE FUNCTION "capture_lead"(
	p_owner_account_id uuid, p_client_request_id uuid, p_corporate_profile_id uuid, p_card_id uuid, p_card_name text,
	p_consent_text text, p_name text, p_email text, p_email_key text, p_phone text, p_phone_key text, p_company text,
	p_job_title text, p_message text, p_source text, p_visitor_card_id uuid, p_visitor_account_id uuid,
	p_now timestamp with time zone
) RETURNS TABLE (
	"id" uuid, "owner_account_id" uuid, "card_id" uuid, "card_name" text, "corporate_account_id" uuid, "name" text,
	"email" text, "email_key" text, "phone" text, "phone_key" text, "company" text, "job_title" text, "message" text,
	"note" text, "tags" jsonb, "status" text, "seen" boolean, "visitor_card_id" uuid, "visitor_account_id" uuid,
	"source" text, "consent_text" text, "consent_at" timestamp with time zone, "captured_at" timestamp with time zone,
	"last_exchanged_at" timestamp with time zone, "exchange_count" integer, "updated_at" timestamp with time zone,
	"owner_name" text, "fresh" boolean, "updated" boolean
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
	v_owner_name text;
	v_corporate_account_id uuid;
	v_known uuid;
	v_email_id uuid;
	v_phone_id uuid;
	v_match_id uuid;
	v_phone_taken boolean;
	v_lead "leads";
	v_fresh boolean := false;
	v_attempt integer := 0;
BEGIN
	SELECT a."name", ca."id" INTO v_owner_name, v_corporate_account_id
	FROM "accounts" a LEFT JOIN "corporate_accounts" ca ON ca."corporate_profile_id" = p_corporate_profile_id
	WHERE a."id" = p_owner_account_id LIMIT 1;
	LOOP
		v_attempt := v_attempt + 1;
		SELECT r."lead_id" INTO v_known FROM "lead_requests" r
		WHERE r."owner_account_id" = p_owner_account_id AND r."client_request_id" = p_client_request_id;
		IF v_known IS NULL AND v_attempt > 1 THEN
			SELECT l."id" INTO v_known FROM "leads" l
			WHERE l."owner_account_id" = p_owner_account_id AND l."client_request_id" = p_client_request_id;
		END IF;
		IF v_known IS NOT NULL THEN
			v_lead."id" := v_known;
			EXIT;
		END IF;
		v_email_id := NULL;
		v_phone_id := NULL;
		-- The first attempt inserts at once (v_match_id stays NULL): the unique indexes refuse it when
		-- the request, the e-mail or the phone is on a lead already, and the next attempt looks.
		IF v_attempt > 1 AND p_email_key IS NOT NULL THEN
			SELECT l."id" INTO v_email_id FROM "leads" l WHERE l."owner_account_id" = p_owner_account_id AND l."email_key" = p_email_key;
		END IF;
		IF v_attempt > 1 AND p_phone_key IS NOT NULL THEN
			SELECT l."id" INTO v_phone_id FROM "leads" l WHERE l."owner_account_id" = p_owner_account_id AND l."phone_key" = p_phone_key;
		END IF;
		-- The lead with the same e-mail first; its phone changes only if no other lead of the owner has the new one.
		v_match_id := COALESCE(v_email_id, v_phone_id);
		IF v_match_id IS NULL THEN
			INSERT INTO "leads" ("owner_account_id", "client_request_id", "name", "card_id", "card_name", "corporate_account_id",
				"consent_text", "consent_at", "last_exchanged_at", "updated_at", "email", "email_key", "company", "job_title", "message",
				"source", "visitor_card_id", "visitor_account_id", "phone", "phone_key", "captured_at")
			VALUES (p_owner_account_id, p_client_request_id, p_name, p_card_id, p_card_name, v_corporate_account_id,
				p_consent_text, p_now, p_now, p_now, p_email, p_email_key, p_company, p_job_title, p_message,
				p_source, p_visitor_card_id, CASE WHEN p_visitor_card_id IS NOT NULL THEN p_visitor_account_id END, p_phone, p_phone_key, p_now)
			ON CONFLICT DO NOTHING
			RETURNING * INTO v_lead;
			v_fresh := FOUND;
			IF NOT v_fresh AND v_attempt >= 5 THEN
				RAISE unique_violation USING MESSAGE = 'capture_lead: the same e-mail, phone or request was added meanwhile';
			END IF;
		ELSE
			BEGIN
				v_phone_taken := v_phone_id IS NOT NULL AND v_phone_id <> v_match_id;
				UPDATE "leads" l SET
					"name" = p_name, "card_id" = p_card_id, "card_name" = p_card_name, "corporate_account_id" = v_corporate_account_id,
					"consent_text" = p_consent_text, "consent_at" = p_now, "last_exchanged_at" = p_now, "updated_at" = p_now,
					"email" = COALESCE(p_email, l."email"), "email_key" = COALESCE(p_email_key, l."email_key"),
					"company" = COALESCE(p_company, l."company"), "job_title" = COALESCE(p_job_title, l."job_title"),
					"message" = COALESCE(p_message, l."message"), "source" = COALESCE(p_source, l."source"),
					"visitor_card_id" = COALESCE(p_visitor_card_id, l."visitor_card_id"),
					"visitor_account_id" = CASE WHEN p_visitor_card_id IS NOT NULL THEN p_visitor_account_id ELSE l."visitor_account_id" END,
					"phone" = CASE WHEN p_phone IS NOT NULL AND NOT v_phone_taken THEN p_phone ELSE l."phone" END,
					"phone_key" = CASE WHEN p_phone IS NOT NULL AND NOT v_phone_taken THEN p_phone_key ELSE l."phone_key" END,
					"exchange_count" = l."exchange_count" + 1, "seen" = false
				WHERE l."id" = v_match_id
				RETURNING l.* INTO v_lead;
				IF NOT FOUND THEN
					RAISE unique_violation USING MESSAGE = 'capture_lead: the lead was deleted meanwhile';
				END IF;
				IF EXISTS (SELECT 1 FROM "leads" l WHERE l."owner_account_id" = p_owner_account_id AND l."client_request_id" = p_client_request_id) THEN
					RAISE unique_violation USING MESSAGE = 'capture_lead: this request added a lead meanwhile';
				END IF;
				INSERT INTO "lead_requests" ("owner_account_id", "client_request_id", "lead_id", "created_at")
				VALUES (p_owner_account_id, p_client_request_id, v_lead."id", p_now);
				v_fresh := true;
			EXCEPTION WHEN unique_violation THEN
				IF v_attempt >= 5 THEN
					RAISE;
				END IF;
			END;
		END IF;
		EXIT WHEN v_fresh;
	END LOOP;
	RETURN QUERY SELECT v_lead."id", v_lead."owner_account_id", v_lead."card_id", v_lead."card_name", v_lead."corporate_account_id",
		v_lead."name", v_lead."email", v_lead."email_key", v_lead."phone", v_lead."phone_key", v_lead."company", v_lead."job_title",
		v_lead."message", v_lead."note", v_lead."tags", v_lead."status", v_lead."seen", v_lead."visitor_card_id",
		v_lead."visitor_account_id", v_lead."source", v_lead."consent_text", v_lead."consent_at", v_lead."captured_at",
		v_lead."last_exchanged_at", v_lead."exchange_count", v_lead."updated_at", v_owner_name, v_fresh, v_fresh AND v_match_id IS NOT NULL;
END
$$;
