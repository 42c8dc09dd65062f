CREATE TABLE "label_issues" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_by" integer,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"default_size" text DEFAULT '100x150' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_boxes" (
	"order_id" bigint NOT NULL,
	"box" integer NOT NULL,
	"weight" numeric(10, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_boxes_order_id_box_pk" PRIMARY KEY("order_id","box"),
	CONSTRAINT "order_boxes_box_range" CHECK ("order_boxes"."box" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "label_issues" ADD CONSTRAINT "label_issues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_issues" ADD CONSTRAINT "label_issues_first_by_users_id_fk" FOREIGN KEY ("first_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_printers" ADD CONSTRAINT "label_printers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_boxes" ADD CONSTRAINT "order_boxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_printers_place_idx" ON "label_printers" USING btree ("branch_id");