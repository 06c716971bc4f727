CREATE TABLE "charge_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"override_num" text NOT NULL,
	"status" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"branch_code" text NOT NULL,
	"charge_code" text NOT NULL,
	"part" text NOT NULL,
	"particulars" text NOT NULL,
	"available_to" text NOT NULL,
	"charge_value" numeric(14, 2) NOT NULL,
	"value_before" numeric(14, 2) NOT NULL,
	"new_value" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"date_submitted" timestamp (3) with time zone,
	"decided_by" text,
	"date_decided" timestamp (3) with time zone,
	"decision_remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_overrides_override_num_unique" UNIQUE("override_num")
);
--> statement-breakpoint
CREATE TABLE "waiver_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiver_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"waiver_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"date_uploaded" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiver_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"waiver_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"charge_code" text NOT NULL,
	"part" text NOT NULL,
	"particulars" text NOT NULL,
	"available_to" text NOT NULL,
	"charge_value" numeric(14, 2) NOT NULL,
	"value_before" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "waiver_lines_line_idx" UNIQUE("waiver_id","charge_code","part")
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"waiver_num" text NOT NULL,
	"status" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"branch_code" text NOT NULL,
	"side" text NOT NULL,
	"remarks" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"requested_by" text NOT NULL,
	"date_submitted" timestamp (3) with time zone,
	"endorsed_by" text,
	"date_endorsed" timestamp (3) with time zone,
	"decided_by" text,
	"date_decided" timestamp (3) with time zone,
	"decision_remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waivers_waiver_num_unique" UNIQUE("waiver_num")
);
--> statement-breakpoint
CREATE TABLE "waybill_charge_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_charge_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"way_bill_ref" text NOT NULL,
	"charge_code" text NOT NULL,
	"part" text NOT NULL,
	"available_to" text NOT NULL,
	"kind" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"value_before" numeric(14, 2) NOT NULL,
	"value_after" numeric(14, 2) NOT NULL,
	"approved_by" text NOT NULL,
	"date_approved" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "waybill_charge_adjustments_source_line_idx" UNIQUE("kind","source_ref","charge_code","part")
);
--> statement-breakpoint
ALTER TABLE "charge_overrides" ADD CONSTRAINT "charge_overrides_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_overrides" ADD CONSTRAINT "charge_overrides_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waiver_files" ADD CONSTRAINT "waiver_files_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_lines" ADD CONSTRAINT "waiver_lines_waiver_id_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."waivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybill_charge_adjustments" ADD CONSTRAINT "waybill_charge_adjustments_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_overrides_open_line_idx" ON "charge_overrides" USING btree ("way_bill_ref","charge_code","part") WHERE status in ('Draft', 'For Approval');--> statement-breakpoint
CREATE INDEX "charge_overrides_branch_status_idx" ON "charge_overrides" USING btree ("branch_code","status");--> statement-breakpoint
CREATE INDEX "charge_overrides_waybill_idx" ON "charge_overrides" USING btree ("way_bill_ref");--> statement-breakpoint
CREATE INDEX "waiver_files_waiver_idx" ON "waiver_files" USING btree ("waiver_id");--> statement-breakpoint
CREATE INDEX "waivers_branch_status_idx" ON "waivers" USING btree ("branch_code","status");--> statement-breakpoint
CREATE INDEX "waivers_waybill_idx" ON "waivers" USING btree ("way_bill_ref");--> statement-breakpoint
CREATE INDEX "waivers_requested_by_idx" ON "waivers" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "waybill_charge_adjustments_waybill_idx" ON "waybill_charge_adjustments" USING btree ("way_bill_ref");