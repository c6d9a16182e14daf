CREATE TABLE "wallet_devices" (
	"device_library_id" text PRIMARY KEY NOT NULL,
	"push_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid,
	"pet_id" uuid,
	"auth_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_passes_contact_id_unique" UNIQUE("contact_id"),
	CONSTRAINT "wallet_passes_pet_id_unique" UNIQUE("pet_id"),
	CONSTRAINT "wallet_passes_one_subject" CHECK (("wallet_passes"."contact_id" is null) <> ("wallet_passes"."pet_id" is null))
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"device_library_id" text NOT NULL,
	"pass_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_device_library_id_pass_id_pk" PRIMARY KEY("device_library_id","pass_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_contact_id_virtual_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."virtual_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_pet_id_virtual_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."virtual_pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_device_library_id_wallet_devices_device_library_id_fk" FOREIGN KEY ("device_library_id") REFERENCES "public"."wallet_devices"("device_library_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_pass_id_wallet_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."wallet_passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_registrations_pass_idx" ON "wallet_registrations" USING btree ("pass_id");