CREATE TABLE "branch_slot_rules" (
	"branch_id" integer NOT NULL,
	"day" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_slot_rules_branch_id_day_pk" PRIMARY KEY("branch_id","day"),
	CONSTRAINT "branch_slot_rules_minutes" CHECK ("branch_slot_rules"."slot_minutes" in (15, 30)),
	CONSTRAINT "branch_slot_rules_capacity" CHECK ("branch_slot_rules"."capacity" between 0 and 500)
);
--> statement-breakpoint
CREATE TABLE "pickup_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_minutes" integer NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"reminded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_slot_counters" (
	"branch_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pickup_slot_counters_branch_id_slot_start_pk" PRIMARY KEY("branch_id","slot_start"),
	CONSTRAINT "pickup_slot_counters_booked" CHECK ("pickup_slot_counters"."booked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "branch_slot_rules" ADD CONSTRAINT "branch_slot_rules_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_bookings" ADD CONSTRAINT "pickup_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_bookings" ADD CONSTRAINT "pickup_bookings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_slot_counters" ADD CONSTRAINT "pickup_slot_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_bookings_active_key" ON "pickup_bookings" USING btree ("user_id","branch_id") WHERE "pickup_bookings"."state" = 'booked';--> statement-breakpoint
CREATE INDEX "pickup_bookings_slot_idx" ON "pickup_bookings" USING btree ("branch_id","slot_start") WHERE "pickup_bookings"."state" = 'booked';