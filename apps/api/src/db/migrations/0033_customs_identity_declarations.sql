CREATE TABLE "declaration_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"declaration_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"currency" text NOT NULL,
	"url" text,
	"marketplace_order" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"track_code" text NOT NULL,
	"declared_value" bigint,
	"declared_currency" text,
	"insured" boolean DEFAULT false NOT NULL,
	"insurance_premium" bigint,
	"insurance_currency" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "insurance_rate_bp" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "insurance_min_premium" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "insurance_max_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "uninsured_per_kg" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "customs_id" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_premium" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_items" ADD CONSTRAINT "declaration_items_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declaration_items_declaration_idx" ON "declaration_items" USING btree ("declaration_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_user_code_idx" ON "declarations" USING btree ("user_id","track_code");--> statement-breakpoint
CREATE INDEX "declarations_code_idx" ON "declarations" USING btree ("track_code");