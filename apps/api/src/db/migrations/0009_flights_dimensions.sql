CREATE TABLE "flight_arrivals" (
	"flight_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"expected_arrival" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_arrivals_flight_id_branch_id_pk" PRIMARY KEY("flight_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "flight_delays" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"carrier_ref" text NOT NULL,
	"departure_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dimensions" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "volumetric_weight" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "volumetric_divisor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flight_id" integer;--> statement-breakpoint
ALTER TABLE "flight_arrivals" ADD CONSTRAINT "flight_arrivals_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_arrivals" ADD CONSTRAINT "flight_arrivals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_delays_flight_idx" ON "flight_delays" USING btree ("flight_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_flight_idx" ON "orders" USING btree ("flight_id","branch_id") WHERE "orders"."flight_id" is not null;