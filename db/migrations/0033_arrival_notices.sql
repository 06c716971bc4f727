CREATE TABLE "arrival_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arrival_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"way_bill_ref" text NOT NULL,
	"branch_code" text NOT NULL,
	"consignee_name" text DEFAULT '' NOT NULL,
	"sent_to" text NOT NULL,
	"mailed" boolean NOT NULL,
	"token_hash" text NOT NULL,
	"email_id" integer,
	"amount_payable" numeric(14, 2) NOT NULL,
	"date_sent" timestamp (3) with time zone NOT NULL,
	"sent_by" text NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arrival_notices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "arrival_notices" ADD CONSTRAINT "arrival_notices_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "arrival_notices" ADD CONSTRAINT "arrival_notices_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "arrival_notices_waybill_idx" ON "arrival_notices" USING btree ("way_bill_ref","date_sent");