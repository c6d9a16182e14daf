ALTER TABLE "display_items" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "display_items" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- Pictures stored before this migration count as in use: the sweep only ever removes new, unused uploads.
UPDATE "display_items" SET "attached_at" = "created_at";--> statement-breakpoint
ALTER TABLE "display_items" ADD CONSTRAINT "display_items_variant_of_display_items_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."display_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_items_unattached_idx" ON "display_items" USING btree ("created_at") WHERE "display_items"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "display_items_variant_of_idx" ON "display_items" USING btree ("variant_of");