ALTER TABLE "orders" ADD COLUMN "customs_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customs_hold_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customs_hold_note" text;--> statement-breakpoint
CREATE INDEX "orders_customs_held_idx" ON "orders" USING btree ("customs_held_at") WHERE "orders"."customs_held_at" is not null;