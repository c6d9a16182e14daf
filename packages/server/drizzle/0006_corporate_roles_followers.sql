CREATE TABLE "corporate_followers" (
	"corporate_account_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_followers_corporate_account_id_account_id_pk" PRIMARY KEY("corporate_account_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "corporate_account_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporate_accounts" ADD COLUMN "directory_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "corporate_followers" ADD CONSTRAINT "corporate_followers_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_followers" ADD CONSTRAINT "corporate_followers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_followers_account_idx" ON "corporate_followers" USING btree ("account_id");