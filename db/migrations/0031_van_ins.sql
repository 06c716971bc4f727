CREATE TABLE "van_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "van_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"van_in_id" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"booking_ref" text NOT NULL,
	"tandem_booking_ref" text,
	"voyage_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"cy_code" text NOT NULL,
	"tandem_code_ids" text[] NOT NULL,
	"date_returned" timestamp (3) with time zone NOT NULL,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"detention_last_free_day" date,
	"detention_days" integer DEFAULT 0 NOT NULL,
	"detention_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"detention_problem" text,
	"received_by" text NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "van_ins_van_in_id_unique" UNIQUE("van_in_id"),
	CONSTRAINT "van_ins_way_bill_ref_unique" UNIQUE("way_bill_ref")
);
--> statement-breakpoint
ALTER TABLE "van_ins" ADD CONSTRAINT "van_ins_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "van_ins" ADD CONSTRAINT "van_ins_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "van_ins" ADD CONSTRAINT "van_ins_cy_code_container_yards_code_fk" FOREIGN KEY ("cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "van_ins_branch_idx" ON "van_ins" USING btree ("branch_code","date_returned");