ALTER TABLE "audit_log" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "last_at" timestamp (3) with time zone;