ALTER TABLE "accounts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_language_ck" CHECK ("accounts"."language" in ('en', 'fil', 'es', 'ar'));