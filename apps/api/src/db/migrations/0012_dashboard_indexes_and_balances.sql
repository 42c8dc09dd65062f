CREATE TABLE "customer_balances" (
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_balances_user_id_branch_id_currency_pk" PRIMARY KEY("user_id","branch_id","currency")
);
--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_balances_branch_idx" ON "customer_balances" USING btree ("branch_id") WHERE "customer_balances"."balance" > 0;--> statement-breakpoint
CREATE INDEX "orders_received_at_idx" ON "orders" USING btree ("received_at","branch_id");--> statement-breakpoint
CREATE INDEX "orders_dispatched_at_idx" ON "orders" USING btree ("dispatched_at","branch_id");--> statement-breakpoint
CREATE INDEX "orders_arrived_at_idx" ON "orders" USING btree ("arrived_at","branch_id");--> statement-breakpoint
CREATE INDEX "orders_delivered_at_idx" ON "orders" USING btree ("delivered_at","branch_id");--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" USING btree ("business_date");--> statement-breakpoint
-- The balances of the journal written before this table existed.
INSERT INTO "customer_balances" ("user_id", "branch_id", "currency", "balance", "last_at")
SELECT "user_id", "branch_id", "currency", sum("amount"), max("created_at") FROM (
  SELECT "user_id", "branch_id", "currency", "amount", "created_at" FROM "charges"
  UNION ALL
  SELECT "user_id", "branch_id", "currency", -"amount", "created_at" FROM "payments"
) m GROUP BY "user_id", "branch_id", "currency";
