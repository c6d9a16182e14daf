CREATE TABLE "contact_source_stats" (
	"contact_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"link_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_source_stats_contact_id_day_source_pk" PRIMARY KEY("contact_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "contact_source_stats" ADD CONSTRAINT "contact_source_stats_contact_id_virtual_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."virtual_contacts"("id") ON DELETE cascade ON UPDATE no action;