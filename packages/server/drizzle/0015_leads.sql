CREATE TABLE "lead_requests" (
	"owner_account_id" uuid NOT NULL,
	"client_request_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_requests_owner_account_id_client_request_id_pk" PRIMARY KEY("owner_account_id","client_request_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_account_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"card_name" text NOT NULL,
	"corporate_account_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"email_key" text,
	"phone" text,
	"phone_key" text,
	"company" text,
	"job_title" text,
	"message" text,
	"note" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"visitor_card_id" uuid,
	"visitor_account_id" uuid,
	"source" text,
	"consent_text" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_exchanged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exchange_count" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "virtual_contacts" ADD COLUMN "exchange_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD CONSTRAINT "lead_requests_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_requests" ADD CONSTRAINT "lead_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_visitor_card_id_virtual_contacts_id_fk" FOREIGN KEY ("visitor_card_id") REFERENCES "public"."virtual_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_visitor_account_id_accounts_id_fk" FOREIGN KEY ("visitor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_requests_lead_idx" ON "lead_requests" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_owner_email_uq" ON "leads" USING btree ("owner_account_id","email_key") WHERE "leads"."email_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_owner_phone_uq" ON "leads" USING btree ("owner_account_id","phone_key") WHERE "leads"."phone_key" is not null;--> statement-breakpoint
CREATE INDEX "leads_owner_captured_idx" ON "leads" USING btree ("owner_account_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_corporate_captured_idx" ON "leads" USING btree ("corporate_account_id","captured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "leads"."corporate_account_id" is not null;