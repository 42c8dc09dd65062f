CREATE TABLE "trusted_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"revoked_at" timestamp with time zone,
	"sms_sent_at" timestamp with time zone,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "collected_by" jsonb;--> statement-breakpoint
ALTER TABLE "trusted_people" ADD CONSTRAINT "trusted_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_people" ADD CONSTRAINT "trusted_people_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_people_active_user_idx" ON "trusted_people" USING btree ("user_id") WHERE "trusted_people"."revoked_at" is null;