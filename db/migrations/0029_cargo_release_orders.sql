CREATE TABLE "cargo_release_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_release_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cargo_release_order_id" text NOT NULL,
	"status" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"booking_ref" text NOT NULL,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"consignee_name" text DEFAULT '' NOT NULL,
	"paid_reason" text DEFAULT '' NOT NULL,
	"storage_rate" numeric(14, 4) NOT NULL,
	"storage_teu" numeric(8, 2) NOT NULL,
	"storage_due_date" date,
	"storage_per_day" numeric(14, 2),
	"storage_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"date_released" timestamp (3) with time zone NOT NULL,
	"released_by" text NOT NULL,
	"cy_pull_out_code" text,
	"cleared_by" text,
	"date_cleared" timestamp (3) with time zone,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargo_release_orders_cargo_release_order_id_unique" UNIQUE("cargo_release_order_id"),
	CONSTRAINT "cargo_release_orders_way_bill_ref_unique" UNIQUE("way_bill_ref")
);
--> statement-breakpoint
ALTER TABLE "cargo_release_orders" ADD CONSTRAINT "cargo_release_orders_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cargo_release_orders" ADD CONSTRAINT "cargo_release_orders_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cargo_release_orders" ADD CONSTRAINT "cargo_release_orders_cy_pull_out_code_container_yards_code_fk" FOREIGN KEY ("cy_pull_out_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "cargo_release_orders_branch_idx" ON "cargo_release_orders" USING btree ("branch_code","date_released");