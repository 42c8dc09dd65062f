-- Paid storage and payment methods per branch (ADR 073). The fee is minor units per day after the free days (0 = free
-- storage, as until now); a parcel keeps the fee in force when it arrived; a receipt keeps the storage it charged and
-- what staff waived, with their reason. Adding a column with a constant default rewrites no table.
ALTER TABLE "branches" ADD COLUMN "storage_fee_per_day" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "payment_methods" jsonb DEFAULT '["cash","card","transfer"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "storage_fee_per_day" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "storage_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "storage_waived" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "storage_waiver_reason" text;--> statement-breakpoint
-- Existing branches take their country's methods (the contract's defaultPaymentMethods): Kaspi QR stays in Kazakhstan,
-- Элсом and MBank come to Kyrgyzstan.
UPDATE "branches" b SET "payment_methods" = CASE c."code"
    WHEN 'KZ' THEN '["cash","card","kaspi_qr","transfer"]'::jsonb
    WHEN 'KG' THEN '["cash","card","elsom","mbank","transfer"]'::jsonb
    ELSE b."payment_methods" END
  FROM "countries" c WHERE c."id" = b."country_id";
