CREATE TABLE "sign_in_address_guards" (
	"address" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp (3) with time zone
);
