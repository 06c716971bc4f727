CREATE TABLE "atp_booklets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atp_booklets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_code" text NOT NULL,
	"atp_no" text NOT NULL,
	"atp_date" date NOT NULL,
	"printer_name" text NOT NULL,
	"printer_accreditation_no" text NOT NULL,
	"serial_from" integer NOT NULL,
	"serial_to" integer NOT NULL,
	"serial_digits" integer DEFAULT 4 NOT NULL,
	"date_received" date NOT NULL,
	"booklet_status" text NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atp_booklets_branch_atp_uq" UNIQUE("branch_code","atp_no")
);
--> statement-breakpoint
CREATE TABLE "collection_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"applied" numeric(14, 2) NOT NULL,
	"ewt_atc" text DEFAULT '' NOT NULL,
	"ewt_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"ewt_base" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ewt_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"wvat_atc" text DEFAULT '' NOT NULL,
	"wvat_base" numeric(14, 2) DEFAULT '0' NOT NULL,
	"wvat_amount" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_other_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_other_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"account_code" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_no" text NOT NULL,
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"customer_code" text,
	"payer_name" text NOT NULL,
	"collection_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"cheque_no" text DEFAULT '' NOT NULL,
	"cheque_date" date,
	"withholding" text NOT NULL,
	"applied_total" numeric(14, 2) NOT NULL,
	"ewt_total" numeric(14, 2) NOT NULL,
	"wvat_total" numeric(14, 2) NOT NULL,
	"other_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount_received" numeric(14, 2) NOT NULL,
	"excess_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"excess_handling" text DEFAULT 'REFUSE' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"date_issued" timestamp (3) with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"cancel_reason" text,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_receipt_no_unique" UNIQUE("receipt_no")
);
--> statement-breakpoint
CREATE TABLE "cro_accountings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cro_accountings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cro_acctg_num" text NOT NULL,
	"status" text NOT NULL,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"side" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cro_accountings_cro_acctg_num_unique" UNIQUE("cro_acctg_num")
);
--> statement-breakpoint
CREATE TABLE "customer_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source_collection_id" integer NOT NULL,
	"used_by_collection_id" integer,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"waybill_charge_id" integer,
	"charge_code" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"tax_class" text NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_no" text NOT NULL,
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"cro_accounting_id" integer,
	"way_bill_ref" text,
	"voyage_num" text,
	"billed_side" text NOT NULL,
	"invoice_date" date NOT NULL,
	"customer_code" text,
	"buyer_name" text NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"buyer_tin" text DEFAULT '' NOT NULL,
	"buyer_vat_registered" boolean DEFAULT false NOT NULL,
	"seller" jsonb NOT NULL,
	"vatable_sales" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"exempt_sales" numeric(14, 2) NOT NULL,
	"zero_rated_sales" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"date_issued" timestamp (3) with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"cancel_reason" text,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_no_unique" UNIQUE("invoice_no")
);
--> statement-breakpoint
CREATE TABLE "manual_sales_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_sales_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"atp_booklet_id" integer NOT NULL,
	"serial_no" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"customer_code" text,
	"buyer_name" text NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"buyer_tin" text DEFAULT '' NOT NULL,
	"buyer_vat_registered" boolean DEFAULT false NOT NULL,
	"way_bill_ref" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vatable_sales" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"exempt_sales" numeric(14, 2) NOT NULL,
	"zero_rated_sales" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"date_issued" timestamp (3) with time zone,
	"issued_by" text,
	"cancel_reason" text,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_sales_invoices_branch_serial_uq" UNIQUE("branch_code","serial_no")
);
--> statement-breakpoint
CREATE TABLE "post_dated_cheques" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_dated_cheques_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"customer_code" text,
	"bank" text NOT NULL,
	"cheque_no" text NOT NULL,
	"cheque_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"is_managers_cheque" boolean DEFAULT false NOT NULL,
	"deposit_date" date,
	"cleared_date" date,
	"bounce_reason" text,
	"replaced_by_id" integer,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_dated_cheques_bank_cheque_uq" UNIQUE("bank","cheque_no")
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doc_type" text NOT NULL,
	"doc_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"reverses_key" text,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"branch_code" text NOT NULL,
	"voyage_num" text,
	"document_date" date NOT NULL,
	"totals" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"external_ref" text,
	"response" jsonb,
	"confirmed_at" timestamp (3) with time zone,
	"requested_by" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "postings_document_revision_uq" UNIQUE NULLS NOT DISTINCT("doc_type","doc_id","revision","reverses_key")
);
--> statement-breakpoint
CREATE TABLE "withholding_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withholding_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"year" integer NOT NULL,
	"quarter" integer NOT NULL,
	"received_amount" numeric(14, 2),
	"date_received" date,
	"period_on_form" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withholding_certificates_customer_quarter_uq" UNIQUE("customer_code","year","quarter")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "registered_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "business_style" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "tin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "tax_class" text DEFAULT 'VATABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "pass_through" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "withholding" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "is_top_withholding_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "atp_booklets" ADD CONSTRAINT "atp_booklets_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "collection_lines" ADD CONSTRAINT "collection_lines_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_lines" ADD CONSTRAINT "collection_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_other_charges" ADD CONSTRAINT "collection_other_charges_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cro_accountings" ADD CONSTRAINT "cro_accountings_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cro_accountings" ADD CONSTRAINT "cro_accountings_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_source_collection_id_collections_id_fk" FOREIGN KEY ("source_collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_used_by_collection_id_collections_id_fk" FOREIGN KEY ("used_by_collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_waybill_charge_id_waybill_charges_id_fk" FOREIGN KEY ("waybill_charge_id") REFERENCES "public"."waybill_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cro_accounting_id_cro_accountings_id_fk" FOREIGN KEY ("cro_accounting_id") REFERENCES "public"."cro_accountings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "manual_sales_invoices" ADD CONSTRAINT "manual_sales_invoices_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "manual_sales_invoices" ADD CONSTRAINT "manual_sales_invoices_atp_booklet_id_atp_booklets_id_fk" FOREIGN KEY ("atp_booklet_id") REFERENCES "public"."atp_booklets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_sales_invoices" ADD CONSTRAINT "manual_sales_invoices_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "manual_sales_invoices" ADD CONSTRAINT "manual_sales_invoices_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "post_dated_cheques" ADD CONSTRAINT "post_dated_cheques_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_dated_cheques" ADD CONSTRAINT "post_dated_cheques_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "post_dated_cheques" ADD CONSTRAINT "post_dated_cheques_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "collection_lines_collection_idx" ON "collection_lines" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "collection_lines_invoice_idx" ON "collection_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "collections_branch_date_idx" ON "collections" USING btree ("branch_code","collection_date");--> statement-breakpoint
CREATE INDEX "collections_customer_idx" ON "collections" USING btree ("customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cro_accountings_voyage_branch_side_idx" ON "cro_accountings" USING btree ("voyage_num","branch_code","side");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_waybill_side_live_idx" ON "invoices" USING btree ("way_bill_ref","billed_side") WHERE status <> 'Cancelled';--> statement-breakpoint
CREATE INDEX "invoices_branch_date_idx" ON "invoices" USING btree ("branch_code","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_voyage_idx" ON "invoices" USING btree ("voyage_num");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "post_dated_cheques_due_idx" ON "post_dated_cheques" USING btree ("status","cheque_date");--> statement-breakpoint
CREATE INDEX "postings_due_idx" ON "postings" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "postings_voyage_idx" ON "postings" USING btree ("voyage_num");--> statement-breakpoint
CREATE INDEX "postings_date_idx" ON "postings" USING btree ("document_date");