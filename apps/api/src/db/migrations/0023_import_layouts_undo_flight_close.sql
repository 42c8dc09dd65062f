CREATE TABLE "import_layouts" (
	"signature" text PRIMARY KEY NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_arrivals" ADD COLUMN "arrival_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flight_arrivals" ADD COLUMN "arrival_closed_by" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "cells" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "layout" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "order_ids" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "import_layouts" ADD CONSTRAINT "import_layouts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_arrivals" ADD CONSTRAINT "flight_arrivals_arrival_closed_by_users_id_fk" FOREIGN KEY ("arrival_closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;