-- webhook_deliveries_finished_idx: an endpoint's finished (delivered or failed) outbox rows. The
-- pruning (webhooks/endpoint-health.ts, every 5 s for each endpoint that had attempts) drops the
-- finished rows no kept attempt refers to; through the index on endpoint_id alone it read every row
-- of the endpoint, its pending backlog too, so each prune cost as much as the backlog was long.
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("endpoint_id") WHERE "webhook_deliveries"."state" <> 'pending';
