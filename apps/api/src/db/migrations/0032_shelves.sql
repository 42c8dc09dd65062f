CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"zone" text NOT NULL,
	"rack" integer NOT NULL,
	"shelf" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_branch_place_key" UNIQUE("branch_id","zone","rack","shelf")
);
--> statement-breakpoint
CREATE TABLE "parcel_places" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"placed_by" integer,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_take_differences" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_take_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"expected_location_id" integer,
	"found_location_id" integer,
	"not_here" boolean DEFAULT false NOT NULL,
	"decision" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "stock_take_differences_parcel_key" UNIQUE("stock_take_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "stock_take_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_take_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"order_id" bigint,
	"scanned_by" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"zone" text NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_by" integer,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_places" ADD CONSTRAINT "parcel_places_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_places" ADD CONSTRAINT "parcel_places_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_places" ADD CONSTRAINT "parcel_places_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_differences" ADD CONSTRAINT "stock_take_differences_stock_take_id_stock_takes_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_takes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_differences" ADD CONSTRAINT "stock_take_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_differences" ADD CONSTRAINT "stock_take_differences_expected_location_id_locations_id_fk" FOREIGN KEY ("expected_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_differences" ADD CONSTRAINT "stock_take_differences_found_location_id_locations_id_fk" FOREIGN KEY ("found_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_differences" ADD CONSTRAINT "stock_take_differences_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_scans" ADD CONSTRAINT "stock_take_scans_stock_take_id_stock_takes_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_takes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_scans" ADD CONSTRAINT "stock_take_scans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_scans" ADD CONSTRAINT "stock_take_scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_scans" ADD CONSTRAINT "stock_take_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_places_location_idx" ON "parcel_places" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "stock_take_differences_missing_idx" ON "stock_take_differences" USING btree ("order_id") WHERE "stock_take_differences"."decision" = 'mark_missing' and "stock_take_differences"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_scans_parcel_idx" ON "stock_take_scans" USING btree ("stock_take_id","order_id") WHERE "stock_take_scans"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_scans_shelf_idx" ON "stock_take_scans" USING btree ("stock_take_id","location_id") WHERE "stock_take_scans"."order_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_takes_open_zone_idx" ON "stock_takes" USING btree ("branch_id","zone") WHERE "stock_takes"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "stock_takes_branch_idx" ON "stock_takes" USING btree ("branch_id","started_at");