ALTER TABLE "orders" ADD COLUMN "owner_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_disputed_idx" ON "orders" USING btree ("disputed_at") WHERE "orders"."disputed_at" is not null;--> statement-breakpoint
-- How today's owners got their parcels (ADR 021): the label's client code, a staff assignment, else their saved code.
UPDATE "orders" o SET "owner_source" = CASE
  WHEN o."label_client_code" IS NOT NULL AND o."label_client_code" = (SELECT u."client_code" FROM "users" u WHERE u."id" = o."user_id") THEN 'label'
  WHEN EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."action" = 'assigned') THEN 'staff'
  ELSE 'saved_track'
END
WHERE o."user_id" IS NOT NULL;
