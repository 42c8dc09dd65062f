CREATE TABLE "payment_refund_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refund_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revenue_days" ADD COLUMN "provider" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_days" DROP CONSTRAINT "revenue_days_business_date_branch_id_method_currency_pk";--> statement-breakpoint
ALTER TABLE "revenue_days" ADD CONSTRAINT "revenue_days_business_date_branch_id_method_provider_currency_pk" PRIMARY KEY("business_date","branch_id","method","provider","currency");--> statement-breakpoint
CREATE INDEX "payment_refund_attempts_payment_idx" ON "payment_refund_attempts" USING btree ("payment_id");--> statement-breakpoint
-- The kept revenue again from the journal, now per provider of online money ('' for the counter's methods).
DELETE FROM "revenue_days";--> statement-breakpoint
INSERT INTO "revenue_days" ("business_date", "branch_id", "method", "provider", "currency", "amount", "n")
SELECT "business_date", "branch_id", "method", coalesce("provider", ''), "currency", sum("amount"), count(*)::int
  FROM "payments" GROUP BY "business_date", "branch_id", "method", coalesce("provider", ''), "currency";
