CREATE TABLE "booking_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_batch_ref" text NOT NULL,
	"voyage_num" text NOT NULL,
	"customer_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"status" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"link_token_hash" text,
	"link_email" text,
	"link_expires_at" timestamp (3) with time zone,
	"link_sent_at" timestamp (3) with time zone,
	"link_used_at" timestamp (3) with time zone,
	"cloned_from" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_batches_booking_batch_ref_unique" UNIQUE("booking_batch_ref"),
	CONSTRAINT "booking_batches_link_token_hash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
CREATE TABLE "booking_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_ref" text NOT NULL,
	"charge_code" text NOT NULL,
	"charge_name" text NOT NULL,
	"charge_part" text NOT NULL,
	"rate_unit" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "booking_charges_booking_charge_uq" UNIQUE("booking_ref","charge_code","charge_part")
);
--> statement-breakpoint
CREATE TABLE "booking_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_ref" text NOT NULL,
	"stage" integer NOT NULL,
	"reached_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "booking_progress_booking_stage_uq" UNIQUE("booking_ref","stage")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_ref" text NOT NULL,
	"booking_batch_ref" text NOT NULL,
	"voyage_num" text NOT NULL,
	"customer_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"status" text NOT NULL,
	"consignee_code" text,
	"consignee_name" text DEFAULT '' NOT NULL,
	"consignee_email" text DEFAULT '' NOT NULL,
	"consignee_contact_num" text DEFAULT '' NOT NULL,
	"destination_branch_code" text NOT NULL,
	"mode_of_delivery" text NOT NULL,
	"mode_of_payment" text NOT NULL,
	"origin_handling" text DEFAULT '' NOT NULL,
	"destination_handling" text DEFAULT '' NOT NULL,
	"is_tandem" boolean DEFAULT false NOT NULL,
	"pick_up_date" date,
	"pick_up_time" text DEFAULT '' NOT NULL,
	"pick_up_street" text DEFAULT '' NOT NULL,
	"pick_up_barangay" text DEFAULT '' NOT NULL,
	"pick_up_city" text DEFAULT '' NOT NULL,
	"pick_up_province" text DEFAULT '' NOT NULL,
	"pick_up_zip_code" text DEFAULT '' NOT NULL,
	"pick_up_area_code" text,
	"delivery_street" text DEFAULT '' NOT NULL,
	"delivery_barangay" text DEFAULT '' NOT NULL,
	"delivery_city" text DEFAULT '' NOT NULL,
	"delivery_province" text DEFAULT '' NOT NULL,
	"delivery_zip_code" text DEFAULT '' NOT NULL,
	"delivery_area_code" text,
	"commodity_code" text,
	"goods" text DEFAULT '' NOT NULL,
	"packaging" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"quantity_teu" integer DEFAULT 0 NOT NULL,
	"cargo_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"declared_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"insurance_premium" numeric(14, 2) DEFAULT '0' NOT NULL,
	"is_shipper_owned" boolean DEFAULT false NOT NULL,
	"container_van_num" text DEFAULT '' NOT NULL,
	"trucking_code" text,
	"plate_num" text DEFAULT '' NOT NULL,
	"trailer_num" text DEFAULT '' NOT NULL,
	"helper_name" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"old_booking_ref" text DEFAULT '' NOT NULL,
	"old_waybill_ref" text DEFAULT '' NOT NULL,
	"sq_ref_num" text,
	"sqdoc_num" text,
	"public_id" text NOT NULL,
	"booking_date" date NOT NULL,
	"date_confirmed" timestamp (3) with time zone,
	"confirmed_by" text,
	"date_atw_issued" timestamp (3) with time zone,
	"atw_issued_by" text,
	"date_submitted" timestamp (3) with time zone,
	"cloned_from" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_booking_ref_unique" UNIQUE("booking_ref"),
	CONSTRAINT "bookings_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "booking_batches" ADD CONSTRAINT "booking_batches_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_batches" ADD CONSTRAINT "booking_batches_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_batches" ADD CONSTRAINT "booking_batches_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_progress" ADD CONSTRAINT "booking_progress_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_batch_ref_booking_batches_booking_batch_ref_fk" FOREIGN KEY ("booking_batch_ref") REFERENCES "public"."booking_batches"("booking_batch_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consignee_code_customers_code_fk" FOREIGN KEY ("consignee_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_destination_branch_code_branches_code_fk" FOREIGN KEY ("destination_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pick_up_area_code_areas_code_fk" FOREIGN KEY ("pick_up_area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_delivery_area_code_areas_code_fk" FOREIGN KEY ("delivery_area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commodity_code_commodities_code_fk" FOREIGN KEY ("commodity_code") REFERENCES "public"."commodities"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "booking_batches_voyage_idx" ON "booking_batches" USING btree ("voyage_num");--> statement-breakpoint
CREATE INDEX "bookings_batch_idx" ON "bookings" USING btree ("booking_batch_ref");--> statement-breakpoint
CREATE INDEX "bookings_voyage_idx" ON "bookings" USING btree ("voyage_num");--> statement-breakpoint
CREATE INDEX "bookings_pick_up_idx" ON "bookings" USING btree ("branch_code","pick_up_date");--> statement-breakpoint
CREATE INDEX "bookings_destination_idx" ON "bookings" USING btree ("destination_branch_code");