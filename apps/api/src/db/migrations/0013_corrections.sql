ALTER TABLE "receipts" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "undo_reason" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "charges_receipt_idx" ON "charges" USING btree ("receipt_id") WHERE "charges"."receipt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_reverses_idx" ON "charges" USING btree ("reverses_id") WHERE "charges"."reverses_id" is not null;