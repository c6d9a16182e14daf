CREATE TABLE "corporate_templates" (
	"corporate_account_id" uuid PRIMARY KEY NOT NULL,
	"design_specification" jsonb,
	"organization" text,
	"about" text,
	"links" jsonb,
	"locations" jsonb,
	"social_medias" jsonb,
	"logo_display_item_id" uuid,
	"hero_image_display_item_id" uuid,
	"locked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "virtual_contacts" ADD COLUMN "owner_corporate_account_id" uuid;--> statement-breakpoint
ALTER TABLE "virtual_contacts" ADD COLUMN "former_holder_name" text;--> statement-breakpoint
ALTER TABLE "corporate_templates" ADD CONSTRAINT "corporate_templates_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_templates" ADD CONSTRAINT "corporate_templates_logo_display_item_id_display_items_id_fk" FOREIGN KEY ("logo_display_item_id") REFERENCES "public"."display_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_templates" ADD CONSTRAINT "corporate_templates_hero_image_display_item_id_display_items_id_fk" FOREIGN KEY ("hero_image_display_item_id") REFERENCES "public"."display_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_contacts" ADD CONSTRAINT "virtual_contacts_owner_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("owner_corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virtual_contacts_owner_corporate_idx" ON "virtual_contacts" USING btree ("owner_corporate_account_id");