CREATE TABLE "customer_totals" (
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_totals_user_id_currency_pk" PRIMARY KEY("user_id","currency")
);
--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_totals_debt_idx" ON "customer_totals" USING btree ("balance" DESC NULLS LAST,"user_id") WHERE "customer_totals"."balance" > 0;--> statement-breakpoint
CREATE INDEX "orders_unclaimed_received_idx" ON "orders" USING btree ("received_at","id") WHERE "orders"."user_id" is null;--> statement-breakpoint
CREATE INDEX "orders_status_storage_idx" ON "orders" USING btree ("status_id","storage_until","id");--> statement-breakpoint
-- The totals start as the sums of the balances kept per branch (the payments repository keeps both from now on).
INSERT INTO "customer_totals" ("user_id", "currency", "balance", "last_at")
SELECT "user_id", "currency", sum("balance"), max("last_at") FROM "customer_balances" GROUP BY "user_id", "currency";
