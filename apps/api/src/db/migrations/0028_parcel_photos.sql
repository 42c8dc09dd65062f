CREATE TABLE "parcel_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"taken_by" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_photos_order_idx" ON "parcel_photos" USING btree ("order_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_photos_key_idx" ON "parcel_photos" USING btree ("key");--> statement-breakpoint
-- Existing photos become intake photos, in their order, taken by whoever received the parcel, when it was received
-- (ADR 081). They were stored unprocessed and have no thumbnail: the photo serves as its own. Only our uploads move
-- (other addresses, such as old demo pictures, are dropped with the column).
INSERT INTO "parcel_photos" ("order_id", "kind", "key", "thumb_key", "taken_by", "taken_at")
SELECT o."id", 'intake', substr(p.url, 10), substr(p.url, 10),
  (SELECT e."actor_user_id" FROM "order_events" e WHERE e."order_id" = o."id" AND e."action" = 'received' ORDER BY e."id" LIMIT 1),
  o."received_at"
FROM "orders" o CROSS JOIN LATERAL jsonb_array_elements_text(o."photos") WITH ORDINALITY AS p(url, n)
WHERE p.url ~ '^/uploads/parcels/[0-9a-f]{32}\.(jpg|png|webp)$'
ORDER BY o."id", p.n
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "photos";