CREATE TABLE "cargo_delivery_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_delivery_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cargo_delivery_receipt_id" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"cts_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"consignee_name" text DEFAULT '' NOT NULL,
	"consignee_area_name" text DEFAULT '' NOT NULL,
	"received_by" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_released" timestamp (3) with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargo_delivery_receipts_cargo_delivery_receipt_id_unique" UNIQUE("cargo_delivery_receipt_id"),
	CONSTRAINT "cargo_delivery_receipts_way_bill_ref_unique" UNIQUE("way_bill_ref")
);
--> statement-breakpoint
CREATE TABLE "inbound_cts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_cts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cts_num" text NOT NULL,
	"status" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"booking_ref" text NOT NULL,
	"tandem_booking_ref" text,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"cargo_release_order_id" text NOT NULL,
	"container_van_num" text DEFAULT '' NOT NULL,
	"trucking_code" text NOT NULL,
	"plate_num" text NOT NULL,
	"driver" text NOT NULL,
	"from_cy_code" text NOT NULL,
	"to_name" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_time_out" timestamp (3) with time zone NOT NULL,
	"date_issued" timestamp (3) with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_cts_cts_num_unique" UNIQUE("cts_num")
);
--> statement-breakpoint
ALTER TABLE "cargo_delivery_receipts" ADD CONSTRAINT "cargo_delivery_receipts_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cargo_delivery_receipts" ADD CONSTRAINT "cargo_delivery_receipts_cts_num_inbound_cts_cts_num_fk" FOREIGN KEY ("cts_num") REFERENCES "public"."inbound_cts"("cts_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cargo_delivery_receipts" ADD CONSTRAINT "cargo_delivery_receipts_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inbound_cts" ADD CONSTRAINT "inbound_cts_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inbound_cts" ADD CONSTRAINT "inbound_cts_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inbound_cts" ADD CONSTRAINT "inbound_cts_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inbound_cts" ADD CONSTRAINT "inbound_cts_from_cy_code_container_yards_code_fk" FOREIGN KEY ("from_cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "cargo_delivery_receipts_branch_idx" ON "cargo_delivery_receipts" USING btree ("branch_code","date_released");--> statement-breakpoint
CREATE INDEX "inbound_cts_branch_idx" ON "inbound_cts" USING btree ("branch_code","date_issued");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_cts_waybill_issued_idx" ON "inbound_cts" USING btree ("way_bill_ref") WHERE status = 'Issued';