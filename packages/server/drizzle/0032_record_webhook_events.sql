-- record_webhook_events: the webhooks' recorder in one statement (webhooks/record-event.ts). A
-- writer's transaction used to record its events in three round trips: the read of the endpoints
-- subscribed to them, the outbox insert, and the NOTIFY that wakes the dispatchers. This function
-- does the three in one call: for each event of the array, in order, one outbox row per enabled
-- endpoint subscribed to its type (the account's own endpoints, and the business's when the event
-- came through one), then the NOTIFY when it wrote any. Each event is
-- {type, accountId, corporateAccountId, eventId, payload}; the payload is the body as it is signed
-- and sent. The endpoints are found through their indexes on account_id and corporate_account_id.
-- Answers how many rows it wrote.
CREATE OR REPLACE FUNCTION "record_webhook_events"(p_events jsonb, p_channel text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_recorded integer;
BEGIN
	INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload)
	SELECT e.id, b.ev->>'eventId', b.ev->>'type', b.ev->>'payload'
	  FROM jsonb_array_elements(p_events) WITH ORDINALITY AS b(ev, n)
	 CROSS JOIN LATERAL (
		SELECT w.id FROM webhook_endpoints w
		 WHERE w.account_id = (b.ev->>'accountId')::uuid AND w.corporate_account_id IS NULL
		   AND w.enabled AND (b.ev->>'type') = ANY (w.events)
		UNION ALL
		SELECT w.id FROM webhook_endpoints w
		 WHERE w.corporate_account_id = (b.ev->>'corporateAccountId')::uuid
		   AND w.enabled AND (b.ev->>'type') = ANY (w.events)
	 ) e
	 ORDER BY b.n;
	GET DIAGNOSTICS v_recorded = ROW_COUNT;
	IF v_recorded > 0 THEN
		PERFORM pg_notify(p_channel, '');
	END IF;
	RETURN v_recorded;
END $$;
