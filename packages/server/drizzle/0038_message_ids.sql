-- uuid_time_ordered (issue 28): a UUID of version 7 (RFC 9562), its first 48 bits the milliseconds
-- since 1970, the rest random as gen_random_uuid's. A new message's primary key goes at the end of
-- its index, where a random key went to any of its pages: in a table of 10 M messages those pages
-- are mostly out of shared buffers (docs/benchmarks.md, "Time-ordered message ids"). The time it
-- shows is the message's created_at, which every message already answers. Messages stored before
-- keep their keys, and setting a default rewrites nothing.
CREATE OR REPLACE FUNCTION "uuid_time_ordered"() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
	SELECT encode(
		set_bit(set_bit(
			overlay(uuid_send(gen_random_uuid())
				placing substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
				FROM 1 FOR 6),
			52, 1), 53, 1),
		'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "conversation_messages" ALTER COLUMN "id" SET DEFAULT uuid_time_ordered();
