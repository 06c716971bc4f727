CREATE TABLE "sales_quotation_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_quotation_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sqdoc_num" text NOT NULL,
	"charge_code" text NOT NULL,
	"charge_part" text NOT NULL,
	"rate_unit" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"source" text NOT NULL,
	"standard_rate" numeric(14, 2) NOT NULL,
	"requested_rate" numeric(14, 2) NOT NULL,
	"standard_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotation_charges_uq" UNIQUE("sqdoc_num","charge_code","charge_part")
);
--> statement-breakpoint
CREATE TABLE "sales_quotation_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_quotation_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sqdoc_num" text NOT NULL,
	"sq_ref_num" text NOT NULL,
	"line_no" integer NOT NULL,
	"service_mode_code" text NOT NULL,
	"origin_port_code" text NOT NULL,
	"destination_port_code" text NOT NULL,
	"origin_area_code" text,
	"destination_area_code" text,
	"origin_province" text DEFAULT '' NOT NULL,
	"destination_province" text DEFAULT '' NOT NULL,
	"teu" integer DEFAULT 1 NOT NULL,
	"bags" integer DEFAULT 0 NOT NULL,
	"tons" numeric(12, 3) DEFAULT '0' NOT NULL,
	"is_tandem" boolean DEFAULT false NOT NULL,
	"is_open_van" boolean DEFAULT false NOT NULL,
	"with_insurance" boolean DEFAULT false NOT NULL,
	"terms_and_conditions" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotation_documents_sqdoc_num_unique" UNIQUE("sqdoc_num"),
	CONSTRAINT "sales_quotation_documents_lane_uq" UNIQUE NULLS NOT DISTINCT("sq_ref_num","origin_port_code","origin_area_code","origin_province","destination_port_code","destination_area_code","destination_province")
);
--> statement-breakpoint
CREATE TABLE "sales_quotation_memos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_quotation_memos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"memo_ref" text NOT NULL,
	"memo_date" date NOT NULL,
	"branch_code" text NOT NULL,
	"prepared_by" text NOT NULL,
	"subject" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sq_ref_nums" text[] NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotation_memos_memo_ref_unique" UNIQUE("memo_ref")
);
--> statement-breakpoint
CREATE TABLE "sales_quotation_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_quotation_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sq_ref_num" text NOT NULL,
	"policy_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"standard_value" text DEFAULT '' NOT NULL,
	"requested_value" text DEFAULT '' NOT NULL,
	"applied_value" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotation_terms_uq" UNIQUE("sq_ref_num","policy_code")
);
--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD COLUMN "memo_ref" text;--> statement-breakpoint
ALTER TABLE "sales_quotation_charges" ADD CONSTRAINT "sales_quotation_charges_sqdoc_num_sales_quotation_documents_sqdoc_num_fk" FOREIGN KEY ("sqdoc_num") REFERENCES "public"."sales_quotation_documents"("sqdoc_num") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_charges" ADD CONSTRAINT "sales_quotation_charges_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_sq_ref_num_sales_quotations_sq_ref_num_fk" FOREIGN KEY ("sq_ref_num") REFERENCES "public"."sales_quotations"("sq_ref_num") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_service_mode_code_service_modes_code_fk" FOREIGN KEY ("service_mode_code") REFERENCES "public"."service_modes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_origin_port_code_ports_code_fk" FOREIGN KEY ("origin_port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_destination_port_code_ports_code_fk" FOREIGN KEY ("destination_port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_origin_area_code_areas_code_fk" FOREIGN KEY ("origin_area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_documents" ADD CONSTRAINT "sales_quotation_documents_destination_area_code_areas_code_fk" FOREIGN KEY ("destination_area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_memos" ADD CONSTRAINT "sales_quotation_memos_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotation_terms" ADD CONSTRAINT "sales_quotation_terms_sq_ref_num_sales_quotations_sq_ref_num_fk" FOREIGN KEY ("sq_ref_num") REFERENCES "public"."sales_quotations"("sq_ref_num") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sales_quotation_documents_sq_idx" ON "sales_quotation_documents" USING btree ("sq_ref_num");--> statement-breakpoint
CREATE INDEX "sales_quotations_customer_idx" ON "sales_quotations" USING btree ("customer_code");