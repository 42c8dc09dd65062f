DROP INDEX "orders_user_status_idx";--> statement-breakpoint
DROP INDEX "orders_user_archived_idx";--> statement-breakpoint
DROP INDEX "saved_tracks_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status_id","id" DESC NULLS FIRST) WHERE "orders"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "orders_user_archived_idx" ON "orders" USING btree ("user_id","archived_at","id") WHERE "orders"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "saved_tracks_user_idx" ON "saved_tracks" USING btree ("user_id","id" DESC NULLS FIRST);