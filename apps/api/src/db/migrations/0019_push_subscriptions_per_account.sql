DROP INDEX "push_subscriptions_endpoint_uq";--> statement-breakpoint
DROP INDEX "push_subscriptions_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_user_endpoint_uq" ON "push_subscriptions" USING btree ("user_id","endpoint");