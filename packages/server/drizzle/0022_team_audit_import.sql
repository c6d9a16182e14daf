CREATE TABLE "corporate_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_account_id" uuid NOT NULL,
	"actor_account_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporate_invitations" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "corporate_invitations" ADD COLUMN "mail_status" text;--> statement-breakpoint
ALTER TABLE "corporate_audit_log" ADD CONSTRAINT "corporate_audit_log_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_audit_log" ADD CONSTRAINT "corporate_audit_log_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_audit_log_business_idx" ON "corporate_audit_log" USING btree ("corporate_account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);