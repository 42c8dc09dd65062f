CREATE TABLE "weight_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer,
	"branch_id" integer NOT NULL,
	"china_weight" numeric(10, 3) NOT NULL,
	"branch_weight" numeric(10, 3) NOT NULL,
	"allowed_grams" integer NOT NULL,
	"china_price" bigint NOT NULL,
	"branch_price" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"weighed_by" integer,
	"weighed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_via" text,
	"decided_at" timestamp with time zone,
	"dispute_reason" text,
	"claim_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_checks_decided" CHECK (("weight_checks"."state" in ('confirmed', 'disputed')) = ("weight_checks"."decided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "weight_checks" ADD CONSTRAINT "weight_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_checks" ADD CONSTRAINT "weight_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_checks" ADD CONSTRAINT "weight_checks_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_checks" ADD CONSTRAINT "weight_checks_weighed_by_users_id_fk" FOREIGN KEY ("weighed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_checks" ADD CONSTRAINT "weight_checks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weight_checks_order_key" ON "weight_checks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "weight_checks_pending_user_idx" ON "weight_checks" USING btree ("user_id") WHERE "weight_checks"."state" = 'pending';