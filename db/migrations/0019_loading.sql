CREATE TABLE "dispatch_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispatch_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dispatch_num" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_sent" timestamp (3) with time zone,
	"sent_by" text,
	"date_archived" timestamp (3) with time zone,
	"archived_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_lists_dispatch_num_unique" UNIQUE("dispatch_num")
);
--> statement-breakpoint
CREATE TABLE "load_list_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "load_list_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"date_added" timestamp (3) with time zone NOT NULL,
	"added_by" text NOT NULL,
	"date_removed" timestamp (3) with time zone,
	"removed_by" text
);
--> statement-breakpoint
CREATE TABLE "load_list_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "load_list_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" text NOT NULL,
	"release_type" text NOT NULL,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_released" timestamp (3) with time zone,
	"released_by" text,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_list_releases_release_id_unique" UNIQUE("release_id")
);
--> statement-breakpoint
CREATE TABLE "loading_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loading_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_ref" text NOT NULL,
	"voyage_num" text NOT NULL,
	"customer_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"token_hash" text NOT NULL,
	"shipper_email" text DEFAULT '' NOT NULL,
	"date_sent" timestamp (3) with time zone,
	"sent_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loading_confirmations_transaction_ref_unique" UNIQUE("transaction_ref"),
	CONSTRAINT "loading_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stowage_placements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stowage_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_num" text NOT NULL,
	"slot_row" integer,
	"slot_column" integer,
	"slot_position" text DEFAULT '' NOT NULL,
	"container_van_num" text DEFAULT '' NOT NULL,
	"way_bill_ref" text,
	"cargo_location" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tally_sheet_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tally_sheet_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tally_sheet_id" integer NOT NULL,
	"entry_id" text NOT NULL,
	"way_bill_ref" text,
	"booking_ref" text,
	"container_van_num" text NOT NULL,
	"container_type" text NOT NULL,
	"size" text DEFAULT '20' NOT NULL,
	"seal_num" text DEFAULT '' NOT NULL,
	"trucking_code" text,
	"plate_num" text DEFAULT '' NOT NULL,
	"driver" text DEFAULT '' NOT NULL,
	"cy_pull_out_code" text,
	"remarks" text DEFAULT '' NOT NULL,
	"time_tallied" timestamp (3) with time zone NOT NULL,
	"date_removed" timestamp (3) with time zone,
	"removed_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tally_sheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tally_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tally_sheet_num" text NOT NULL,
	"tally_sheet_type" text NOT NULL,
	"status" text NOT NULL,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"destination_branch_code" text NOT NULL,
	"time_started" timestamp (3) with time zone,
	"time_finished" timestamp (3) with time zone,
	"remarks" text DEFAULT '' NOT NULL,
	"date_finalized" timestamp (3) with time zone,
	"finalized_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tally_sheets_tally_sheet_num_unique" UNIQUE("tally_sheet_num")
);
--> statement-breakpoint
CREATE TABLE "voyage_reguides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_reguides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"voyage_num" text NOT NULL,
	"to_voyage_num" text,
	"from_vessel_code" text,
	"to_vessel_code" text,
	"booking_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"way_bill_refs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voyage_stowage_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_stowage_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_num" text NOT NULL,
	"vessel_stowage_plan_id" integer,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voyage_stowage_plans_voyage_num_unique" UNIQUE("voyage_num")
);
--> statement-breakpoint
ALTER TABLE "voyage_schedules" ADD COLUMN "final_tally_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_lists" ADD CONSTRAINT "dispatch_lists_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "dispatch_lists" ADD CONSTRAINT "dispatch_lists_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "load_list_entries" ADD CONSTRAINT "load_list_entries_release_id_load_list_releases_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."load_list_releases"("release_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "load_list_entries" ADD CONSTRAINT "load_list_entries_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "load_list_releases" ADD CONSTRAINT "load_list_releases_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "load_list_releases" ADD CONSTRAINT "load_list_releases_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loading_confirmations" ADD CONSTRAINT "loading_confirmations_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loading_confirmations" ADD CONSTRAINT "loading_confirmations_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loading_confirmations" ADD CONSTRAINT "loading_confirmations_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stowage_placements" ADD CONSTRAINT "stowage_placements_voyage_num_voyage_stowage_plans_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_stowage_plans"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stowage_placements" ADD CONSTRAINT "stowage_placements_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheet_lines" ADD CONSTRAINT "tally_sheet_lines_tally_sheet_id_tally_sheets_id_fk" FOREIGN KEY ("tally_sheet_id") REFERENCES "public"."tally_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tally_sheet_lines" ADD CONSTRAINT "tally_sheet_lines_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheet_lines" ADD CONSTRAINT "tally_sheet_lines_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheet_lines" ADD CONSTRAINT "tally_sheet_lines_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheet_lines" ADD CONSTRAINT "tally_sheet_lines_cy_pull_out_code_container_yards_code_fk" FOREIGN KEY ("cy_pull_out_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheets" ADD CONSTRAINT "tally_sheets_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheets" ADD CONSTRAINT "tally_sheets_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tally_sheets" ADD CONSTRAINT "tally_sheets_destination_branch_code_branches_code_fk" FOREIGN KEY ("destination_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_reguides" ADD CONSTRAINT "voyage_reguides_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_reguides" ADD CONSTRAINT "voyage_reguides_to_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("to_voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_stowage_plans" ADD CONSTRAINT "voyage_stowage_plans_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_stowage_plans" ADD CONSTRAINT "voyage_stowage_plans_vessel_stowage_plan_id_vessel_stowage_plans_id_fk" FOREIGN KEY ("vessel_stowage_plan_id") REFERENCES "public"."vessel_stowage_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_lists_voyage_idx" ON "dispatch_lists" USING btree ("voyage_num","branch_code");--> statement-breakpoint
CREATE UNIQUE INDEX "load_list_entries_waybill_on_idx" ON "load_list_entries" USING btree ("way_bill_ref") WHERE date_removed is null;--> statement-breakpoint
CREATE INDEX "load_list_entries_release_idx" ON "load_list_entries" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "load_list_releases_voyage_idx" ON "load_list_releases" USING btree ("voyage_num","branch_code");--> statement-breakpoint
CREATE UNIQUE INDEX "loading_confirmations_voyage_customer_idx" ON "loading_confirmations" USING btree ("voyage_num","customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "stowage_placements_slot_idx" ON "stowage_placements" USING btree ("voyage_num","slot_row","slot_column") WHERE slot_row is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stowage_placements_van_idx" ON "stowage_placements" USING btree ("voyage_num","container_van_num") WHERE container_van_num <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "tally_sheet_lines_entry_idx" ON "tally_sheet_lines" USING btree ("tally_sheet_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tally_sheet_lines_van_idx" ON "tally_sheet_lines" USING btree ("tally_sheet_id","container_van_num") WHERE date_removed is null;--> statement-breakpoint
CREATE INDEX "tally_sheet_lines_waybill_idx" ON "tally_sheet_lines" USING btree ("way_bill_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "tally_sheets_voyage_type_destination_idx" ON "tally_sheets" USING btree ("voyage_num","tally_sheet_type","branch_code","destination_branch_code");--> statement-breakpoint
CREATE INDEX "voyage_reguides_voyage_idx" ON "voyage_reguides" USING btree ("voyage_num");