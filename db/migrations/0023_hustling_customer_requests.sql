CREATE TABLE "hustling_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hustling_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hustling_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"container_van_num" text NOT NULL,
	"container_type" text NOT NULL,
	"size" text NOT NULL,
	"plate_num" text NOT NULL,
	"driver" text NOT NULL,
	"details_remarks" text DEFAULT '' NOT NULL,
	CONSTRAINT "hustling_lines_van_uq" UNIQUE("hustling_id","container_van_num")
);
--> statement-breakpoint
CREATE TABLE "hustlings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hustlings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hustling_cst_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"voyage_num" text NOT NULL,
	"to_reference" text NOT NULL,
	"hust_voyage_num" text,
	"to_port_code" text,
	"from_cy_code" text NOT NULL,
	"to_cy_code" text NOT NULL,
	"trucking_code" text NOT NULL,
	"date_time_in" timestamp (3) with time zone NOT NULL,
	"date_time_out" timestamp (3) with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hustlings_hustling_cst_num_unique" UNIQUE("hustling_cst_num"),
	CONSTRAINT "hustlings_branch_voyage_uq" UNIQUE("branch_code","voyage_num")
);
--> statement-breakpoint
CREATE TABLE "customer_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_num" text NOT NULL,
	"branch_code" text NOT NULL,
	"request_type" text NOT NULL,
	"customer_code" text,
	"status" text NOT NULL,
	"is_archive" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"company" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_initial" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_num" text DEFAULT '' NOT NULL,
	"customer_contact_email" text NOT NULL,
	"tin" text DEFAULT '' NOT NULL,
	"customer_type" text NOT NULL,
	"account_executive_id" text,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"requested_by" text NOT NULL,
	"date_submitted" timestamp (3) with time zone,
	"decided_by" text,
	"date_decided" timestamp (3) with time zone,
	"decision_remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_requests_request_num_unique" UNIQUE("request_num")
);
--> statement-breakpoint
ALTER TABLE "hustling_lines" ADD CONSTRAINT "hustling_lines_hustling_id_hustlings_id_fk" FOREIGN KEY ("hustling_id") REFERENCES "public"."hustlings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_hust_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("hust_voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_to_port_code_ports_code_fk" FOREIGN KEY ("to_port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_from_cy_code_container_yards_code_fk" FOREIGN KEY ("from_cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_to_cy_code_container_yards_code_fk" FOREIGN KEY ("to_cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "hustlings" ADD CONSTRAINT "hustlings_trucking_code_truckings_code_fk" FOREIGN KEY ("trucking_code") REFERENCES "public"."truckings"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "hustling_lines_van_idx" ON "hustling_lines" USING btree (upper("container_van_num"));--> statement-breakpoint
CREATE INDEX "hustlings_branch_idx" ON "hustlings" USING btree ("branch_code","date_time_in");--> statement-breakpoint
CREATE INDEX "customer_requests_branch_status_idx" ON "customer_requests" USING btree ("branch_code","status");--> statement-breakpoint
CREATE INDEX "customer_requests_requested_by_idx" ON "customer_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "customer_requests_company_trgm_idx" ON "customer_requests" USING gin ("company" gin_trgm_ops);