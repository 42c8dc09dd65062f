CREATE TABLE "broadcast_chunks" (
	"broadcast_id" integer NOT NULL,
	"after_id" integer NOT NULL,
	"upto_id" integer,
	"written" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "broadcast_chunks_broadcast_id_after_id_pk" PRIMARY KEY("broadcast_id","after_id")
);
--> statement-breakpoint
ALTER TABLE "broadcast_chunks" ADD CONSTRAINT "broadcast_chunks_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;