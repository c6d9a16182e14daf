CREATE TABLE "corporate_domains" (
	"corporate_account_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_domains_corporate_account_id_domain_pk" PRIMARY KEY("corporate_account_id","domain")
);
--> statement-breakpoint
CREATE TABLE "corporate_sso" (
	"corporate_account_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"domains" text[] NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_account_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"checks_sealed" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"identity_sealed" text,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "corporate_domains" ADD CONSTRAINT "corporate_domains_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_sso" ADD CONSTRAINT "corporate_sso_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_domains_verified_idx" ON "corporate_domains" USING btree ("domain") WHERE "corporate_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_idx" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_handoff_idx" ON "sso_logins" USING btree ("handoff_hash");