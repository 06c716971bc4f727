CREATE TABLE "free_time_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_time_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"way_bill_ref" text NOT NULL,
	"charge_type" text NOT NULL,
	"side" text NOT NULL,
	"billed_side" text NOT NULL,
	"branch_code" text NOT NULL,
	"seq" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"days" integer NOT NULL,
	"units" numeric(8, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"computed_on" date NOT NULL,
	"computed_at" timestamp (3) with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"invoice_id" integer,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_time_charges_period_uq" UNIQUE("way_bill_ref","charge_type","side","seq")
);
--> statement-breakpoint
ALTER TABLE "free_time_charges" ADD CONSTRAINT "free_time_charges_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "free_time_charges" ADD CONSTRAINT "free_time_charges_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "free_time_charges" ADD CONSTRAINT "free_time_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_time_charges_open_idx" ON "free_time_charges" USING btree ("way_bill_ref","charge_type","side") WHERE invoice_id is null;--> statement-breakpoint
CREATE INDEX "free_time_charges_branch_idx" ON "free_time_charges" USING btree ("branch_code","computed_on");