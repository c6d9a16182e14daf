CREATE TABLE "directory_folder_cards" (
	"folder_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_folder_cards_folder_id_contact_id_pk" PRIMARY KEY("folder_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "directory_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_saved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_folder_cards" ADD CONSTRAINT "directory_folder_cards_folder_id_directory_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."directory_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_folder_cards" ADD CONSTRAINT "directory_folder_cards_contact_id_virtual_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."virtual_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_folders" ADD CONSTRAINT "directory_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_folder_cards_contact_idx" ON "directory_folder_cards" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_folders_name_idx" ON "directory_folders" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "directory_folders_saved_idx" ON "directory_folders" USING btree ("account_id") WHERE "directory_folders"."is_saved";