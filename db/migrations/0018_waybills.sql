CREATE TABLE "waybill_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"way_bill_ref" text NOT NULL,
	"charge_code" text NOT NULL,
	"part" text NOT NULL,
	"particulars" text NOT NULL,
	"rate_unit" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"charge_value" numeric(14, 2) NOT NULL,
	"available_to" text NOT NULL,
	"is_vatable" boolean DEFAULT true NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"way_bill_ref" text NOT NULL,
	"status" text NOT NULL,
	"booking_ref" text NOT NULL,
	"cts_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"destination_branch_code" text NOT NULL,
	"voyage_num" text NOT NULL,
	"customer_code" text NOT NULL,
	"shipper_preferred_name" text DEFAULT '' NOT NULL,
	"consignee_name" text DEFAULT '' NOT NULL,
	"consignee_preferred_name" text DEFAULT '' NOT NULL,
	"consignee_address" text DEFAULT '' NOT NULL,
	"shipper_pick_up_address" text DEFAULT '' NOT NULL,
	"shipper_area_code" text,
	"consignee_area_code" text,
	"goods" text DEFAULT '' NOT NULL,
	"goods_others" text DEFAULT '' NOT NULL,
	"packaging" text DEFAULT '' NOT NULL,
	"packaging_others" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"quantity_teu" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"cargo_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"cargo_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"declared_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"mode_of_delivery" text NOT NULL,
	"mode_of_payment" text NOT NULL,
	"container_van_num" text DEFAULT '' NOT NULL,
	"is_shipper_owned" boolean DEFAULT false NOT NULL,
	"seal_num" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"stripping_type" text,
	"is_stuffing" boolean DEFAULT false NOT NULL,
	"is_tandem" boolean DEFAULT false NOT NULL,
	"is_open_van" boolean DEFAULT false NOT NULL,
	"is_via" boolean DEFAULT false NOT NULL,
	"is_dangerous_cargo" boolean DEFAULT false NOT NULL,
	"imdg_class" text DEFAULT '' NOT NULL,
	"un_number" text DEFAULT '' NOT NULL,
	"is_with_permit" boolean DEFAULT false NOT NULL,
	"is_split_charge" boolean DEFAULT false NOT NULL,
	"origin_backload" boolean DEFAULT false NOT NULL,
	"place_issued_address" text DEFAULT '' NOT NULL,
	"cy_in" timestamp (3) with time zone,
	"date_grounded" date,
	"release_type" text DEFAULT '' NOT NULL,
	"release_tag" text DEFAULT '' NOT NULL,
	"trucking_code" text NOT NULL,
	"plate_num" text DEFAULT '' NOT NULL,
	"driver" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"sq_ref_num" text,
	"sqdoc_num" text,
	"date_prepared" timestamp (3) with time zone NOT NULL,
	"prepared_by" text NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waybills_way_bill_ref_unique" UNIQUE("way_bill_ref")
);
--> statement-breakpoint
ALTER TABLE "waybill_charges" ADD CONSTRAINT "waybill_charges_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_cts_num_outbound_cts_cts_num_fk" FOREIGN KEY ("cts_num") REFERENCES "public"."outbound_cts"("cts_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_destination_branch_code_branches_code_fk" FOREIGN KEY ("destination_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "waybill_charges_line_idx" ON "waybill_charges" USING btree ("way_bill_ref","charge_code","part");--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_booking_idx" ON "waybills" USING btree ("booking_ref");--> statement-breakpoint
CREATE INDEX "waybills_branch_idx" ON "waybills" USING btree ("branch_code","date_prepared");--> statement-breakpoint
CREATE INDEX "waybills_voyage_idx" ON "waybills" USING btree ("voyage_num");