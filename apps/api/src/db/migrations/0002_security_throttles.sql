CREATE TABLE "code_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"purpose" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "code_requests_ip_idx" ON "code_requests" USING btree ("ip","created_at");