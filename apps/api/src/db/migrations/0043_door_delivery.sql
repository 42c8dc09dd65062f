CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"postcodes" text[] NOT NULL,
	"base_price" bigint NOT NULL,
	"per_kg_price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"zone_id" integer,
	"zone_name" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"street" text NOT NULL,
	"building" text NOT NULL,
	"apartment" text,
	"postcode" text NOT NULL,
	"note" text,
	"phone" text NOT NULL,
	"fee" bigint NOT NULL,
	"currency" text NOT NULL,
	"courier_user_id" integer,
	"day" date,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"fail_reason" text,
	"receipt_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"courier_user_id" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "door_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "door_courier" text;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_deliveries" ADD CONSTRAINT "door_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_deliveries" ADD CONSTRAINT "door_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_deliveries" ADD CONSTRAINT "door_deliveries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_deliveries" ADD CONSTRAINT "door_deliveries_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_deliveries" ADD CONSTRAINT "door_deliveries_courier_user_id_users_id_fk" FOREIGN KEY ("courier_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_delivery_attempts" ADD CONSTRAINT "door_delivery_attempts_delivery_id_door_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."door_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_delivery_attempts" ADD CONSTRAINT "door_delivery_attempts_courier_user_id_users_id_fk" FOREIGN KEY ("courier_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_zones_branch_idx" ON "delivery_zones" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "door_deliveries_open_order_uq" ON "door_deliveries" USING btree ("order_id") WHERE state in ('requested', 'assigned', 'out');--> statement-breakpoint
CREATE INDEX "door_deliveries_branch_state_idx" ON "door_deliveries" USING btree ("branch_id","state");--> statement-breakpoint
CREATE INDEX "door_deliveries_courier_day_idx" ON "door_deliveries" USING btree ("courier_user_id","day");--> statement-breakpoint
CREATE INDEX "door_deliveries_user_idx" ON "door_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "door_delivery_attempts_delivery_idx" ON "door_delivery_attempts" USING btree ("delivery_id");