CREATE TABLE "outbound_cts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_cts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cts_num" text NOT NULL,
	"status" text NOT NULL,
	"booking_ref" text NOT NULL,
	"branch_code" text NOT NULL,
	"voyage_num" text NOT NULL,
	"container_van_num" text NOT NULL,
	"container_van_id" integer,
	"is_shipper_owned" boolean DEFAULT false NOT NULL,
	"number_override_reason" text,
	"number_override_by" text,
	"trucking_code" text NOT NULL,
	"plate_num" text NOT NULL,
	"driver" text NOT NULL,
	"from_cy_code" text NOT NULL,
	"to_party" text NOT NULL,
	"to_name" text NOT NULL,
	"van_status" text NOT NULL,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"van_locator" text DEFAULT '' NOT NULL,
	"van_locator_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_issued" timestamp (3) with time zone NOT NULL,
	"issued_by" text NOT NULL,
	"date_cancelled" timestamp (3) with time zone,
	"cancelled_by" text,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_cts_cts_num_unique" UNIQUE("cts_num")
);
--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_container_van_id_container_vans_id_fk" FOREIGN KEY ("container_van_id") REFERENCES "public"."container_vans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "outbound_cts" ADD CONSTRAINT "outbound_cts_from_cy_code_container_yards_code_fk" FOREIGN KEY ("from_cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_cts_booking_issued_idx" ON "outbound_cts" USING btree ("booking_ref") WHERE status = 'Issued';--> statement-breakpoint
CREATE INDEX "outbound_cts_booking_idx" ON "outbound_cts" USING btree ("booking_ref");--> statement-breakpoint
CREATE INDEX "outbound_cts_branch_idx" ON "outbound_cts" USING btree ("branch_code","date_issued");