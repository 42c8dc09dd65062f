ALTER TABLE "branches" ADD COLUMN "storage_extension_max_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payment_request_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "extension_from" date;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "extension_until" date;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_payment_request_idx" ON "charges" USING btree ("payment_request_id") WHERE "charges"."payment_request_id" is not null;