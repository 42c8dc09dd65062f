-- Money columns become integer minor units (ADR 060): each numeric(…, 2) amount × 100, exactly (round only turns the
-- numeric into an integer; two decimals × 100 leave no fraction). Receipts' items keep their tariff and price the same way.
ALTER TABLE "branches" ALTER COLUMN "tariff" SET DATA TYPE bigint USING round("tariff" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "price" SET DATA TYPE bigint USING round("price" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tariff" SET DATA TYPE bigint USING round("tariff" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "total" SET DATA TYPE bigint USING round("total" * 100)::bigint;--> statement-breakpoint
UPDATE "receipts" SET "items" = (
  SELECT coalesce(jsonb_agg(
           e.item || jsonb_build_object(
             'tariff', round((e.item ->> 'tariff')::numeric * 100)::bigint,
             'price', round((e.item ->> 'price')::numeric * 100)::bigint)
           ORDER BY e.n), '[]'::jsonb)
    FROM jsonb_array_elements("receipts"."items") WITH ORDINALITY AS e(item, n)
);
