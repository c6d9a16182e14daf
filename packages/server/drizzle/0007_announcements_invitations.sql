CREATE TABLE "announcement_attachments" (
	"announcement_id" uuid NOT NULL,
	"document_file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "announcement_attachments_announcement_id_document_file_id_pk" PRIMARY KEY("announcement_id","document_file_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"account_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_account_id_announcement_id_pk" PRIMARY KEY("account_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_account_id" uuid,
	"author_account_id" uuid,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_display_item_id" uuid,
	"published_at" timestamp with time zone,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_account_id" uuid NOT NULL,
	"email" text,
	"phone_number" text,
	"role" text DEFAULT 'member' NOT NULL,
	"invited_by_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_document_file_id_document_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."document_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_image_display_item_id_display_items_id_fk" FOREIGN KEY ("image_display_item_id") REFERENCES "public"."display_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_invitations" ADD CONSTRAINT "corporate_invitations_corporate_account_id_corporate_accounts_id_fk" FOREIGN KEY ("corporate_account_id") REFERENCES "public"."corporate_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_invitations" ADD CONSTRAINT "corporate_invitations_invited_by_account_id_accounts_id_fk" FOREIGN KEY ("invited_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_announcement_idx" ON "announcement_recipients" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "announcement_recipients_unread_idx" ON "announcement_recipients" USING btree ("account_id") WHERE "announcement_recipients"."read_at" is null;--> statement-breakpoint
CREATE INDEX "announcements_corporate_idx" ON "announcements" USING btree ("corporate_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_invitations_email_idx" ON "corporate_invitations" USING btree ("corporate_account_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_invitations_phone_idx" ON "corporate_invitations" USING btree ("corporate_account_id","phone_number");--> statement-breakpoint
CREATE INDEX "corporate_invitations_email_lookup_idx" ON "corporate_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "corporate_invitations_phone_lookup_idx" ON "corporate_invitations" USING btree ("phone_number");