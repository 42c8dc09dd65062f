CREATE TABLE "claim_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer,
	"kind" text NOT NULL,
	"source" text DEFAULT 'customer' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"description" text NOT NULL,
	"amount_claimed" bigint,
	"amount_approved" bigint,
	"currency" text,
	"reject_reason" text,
	"answer_due" timestamp with time zone NOT NULL,
	"decision_due" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"payout_method" text,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"payout_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "claim_id" bigint;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_photos_key_idx" ON "claim_photos" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_open_kind_idx" ON "claims" USING btree ("order_id","kind") WHERE "claims"."state" in ('open', 'in_review');--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_queue_idx" ON "claims" USING btree ("decision_due") WHERE "claims"."state" in ('open', 'in_review', 'approved');--> statement-breakpoint
CREATE INDEX "claims_order_idx" ON "claims" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_claim_idx" ON "charges" USING btree ("claim_id") WHERE "charges"."claim_id" is not null;