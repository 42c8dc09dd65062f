CREATE TABLE "storage_reminders" (
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"days_left" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_reminders_order_id_day_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
ALTER TABLE "storage_reminders" ADD CONSTRAINT "storage_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;