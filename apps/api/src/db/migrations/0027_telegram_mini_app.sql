CREATE TABLE "telegram_auth_uses" (
	"hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD COLUMN "telegram_user_id" text;