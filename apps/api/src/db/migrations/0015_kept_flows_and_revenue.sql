CREATE TABLE "parcel_flow_days" (
	"day" date NOT NULL,
	"branch_id" integer,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "parcel_flow_days_key" UNIQUE NULLS NOT DISTINCT("day","branch_id","kind")
);
--> statement-breakpoint
CREATE TABLE "revenue_days" (
	"business_date" date NOT NULL,
	"branch_id" integer NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "revenue_days_business_date_branch_id_method_currency_pk" PRIMARY KEY("business_date","branch_id","method","currency")
);
--> statement-breakpoint
ALTER TABLE "revenue_days" ADD CONSTRAINT "revenue_days_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The flows of the parcels received before this table existed, counted as the dashboard counted them: each timestamp's
-- calendar day in the report time zone (REPORT_TIME_ZONE, Asia/Almaty), by the branch each parcel is addressed to now.
INSERT INTO "parcel_flow_days" ("day", "branch_id", "kind", "n")
SELECT "day", "branch_id", "kind", count(*)::int FROM (
  SELECT ("received_at" AT TIME ZONE 'Asia/Almaty')::date AS "day", "branch_id", 'received' AS "kind" FROM "orders"
  UNION ALL
  SELECT ("dispatched_at" AT TIME ZONE 'Asia/Almaty')::date, "branch_id", 'dispatched' FROM "orders" WHERE "dispatched_at" IS NOT NULL
  UNION ALL
  SELECT ("arrived_at" AT TIME ZONE 'Asia/Almaty')::date, "branch_id", 'arrived' FROM "orders" WHERE "arrived_at" IS NOT NULL
  UNION ALL
  SELECT ("delivered_at" AT TIME ZONE 'Asia/Almaty')::date, "branch_id", 'delivered' FROM "orders" WHERE "delivered_at" IS NOT NULL
) f GROUP BY "day", "branch_id", "kind";
--> statement-breakpoint
-- The revenue of the journal written before this table existed.
INSERT INTO "revenue_days" ("business_date", "branch_id", "method", "currency", "amount", "n")
SELECT "business_date", "branch_id", "method", "currency", sum("amount"), count(*)::int FROM "payments"
GROUP BY "business_date", "branch_id", "method", "currency";
