CREATE TABLE "areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"branch_code" text NOT NULL,
	"port_code" text,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"is_back_load" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cargo_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_containerized" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargo_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "charge_item_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_item_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"item_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_item_codes_charge_branch_uq" UNIQUE("charge_code","branch_code")
);
--> statement-breakpoint
CREATE TABLE "charge_services_matrices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_services_matrices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_code" text NOT NULL,
	"service_mode_code" text NOT NULL,
	"cargo_type_code" text NOT NULL,
	"charge_part" text NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_services_matrices_uq" UNIQUE("charge_code","service_mode_code","cargo_type_code")
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"print_name" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"charge_class" text NOT NULL,
	"unit_of_measure" text NOT NULL,
	"cargo_type" text,
	"effective_date_basis" text NOT NULL,
	"open_van_apply" boolean DEFAULT false NOT NULL,
	"back_load_apply" boolean DEFAULT false NOT NULL,
	"is_vatable" boolean DEFAULT true NOT NULL,
	"show_in_sq" boolean DEFAULT true NOT NULL,
	"is_dangerous_cargo" boolean DEFAULT false NOT NULL,
	"is_shipper_own" boolean DEFAULT false NOT NULL,
	"is_insurance_premium" boolean DEFAULT false NOT NULL,
	"is_lift_on_off" boolean DEFAULT false NOT NULL,
	"is_stripping_stuffing_charge" boolean DEFAULT false NOT NULL,
	"is_van_out" boolean DEFAULT false NOT NULL,
	"is_special_charge" boolean DEFAULT false NOT NULL,
	"applied_branches" text[] DEFAULT '{}'::text[] NOT NULL,
	"gl_account" text DEFAULT '' NOT NULL,
	"stripping_type" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "commodities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_code" text NOT NULL,
	"is_dangerous_cargo" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "commodity_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodity_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodity_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "company_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_value_decimal" numeric(14, 4),
	"date_effective" date NOT NULL,
	"inputted_string" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_policies_code_date_uq" UNIQUE("code","date_effective")
);
--> statement-breakpoint
CREATE TABLE "container_vans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "container_vans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"size" text NOT NULL,
	"van_type" text NOT NULL,
	"condition" text NOT NULL,
	"cy_code" text,
	"is_shipper_own" boolean DEFAULT false NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "container_vans_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"barangay" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"area_code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"charge_code" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_charges_uq" UNIQUE("customer_code","charge_code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"company" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_initial" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_num" text DEFAULT '' NOT NULL,
	"customer_contact_email" text NOT NULL,
	"tin" text DEFAULT '' NOT NULL,
	"customer_type" text NOT NULL,
	"is_payor" boolean DEFAULT true NOT NULL,
	"is_collection_payor" boolean DEFAULT false NOT NULL,
	"is_per_bag" boolean DEFAULT false NOT NULL,
	"account_executive_id" text,
	"branch_code" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "freight_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freight_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date_effective" date NOT NULL,
	"charge_code" text NOT NULL,
	"port_code_origin" text NOT NULL,
	"port_code_destination" text NOT NULL,
	"branch_code_origin" text NOT NULL,
	"branch_code_destination" text NOT NULL,
	"fastandard_rates" numeric(14, 2),
	"std_rate_wvat" numeric(14, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_rates_uq" UNIQUE("charge_code","port_code_origin","port_code_destination","date_effective")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"holiday_date" date NOT NULL,
	"name" text NOT NULL,
	"branch_code" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_date_branch_uq" UNIQUE NULLS NOT DISTINCT("holiday_date","branch_code")
);
--> statement-breakpoint
CREATE TABLE "port_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "port_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date_effective" date NOT NULL,
	"charge_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"port_code" text NOT NULL,
	"std_rate_wvat" numeric(14, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "port_rates_uq" UNIQUE("charge_code","port_code","date_effective")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"origin_branch_code" text NOT NULL,
	"destination_branch_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "service_modes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_modes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"door_origin" boolean DEFAULT false NOT NULL,
	"door_destination" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_modes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stowage_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stowage_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stowage_templates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "trucking_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trucking_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"date_effective" date NOT NULL,
	"charge_code" text NOT NULL,
	"area_code" text NOT NULL,
	"port_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"std_rate_wvat" numeric(14, 2) NOT NULL,
	"backload_rate_wvat" numeric(14, 2),
	"std_rate_tandem_rates" numeric(14, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trucking_rates_uq" UNIQUE("charge_code","area_code","port_code","date_effective")
);
--> statement-breakpoint
CREATE TABLE "truckings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "truckings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"contact_num" text DEFAULT '' NOT NULL,
	"plate_num" text DEFAULT '' NOT NULL,
	"is_hauling" boolean DEFAULT false NOT NULL,
	"is_authorized" boolean DEFAULT true NOT NULL,
	"branch_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truckings_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vessel_stowage_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessel_stowage_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vessel_code" text NOT NULL,
	"name" text NOT NULL,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessel_stowage_plans_uq" UNIQUE("vessel_code","name")
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"vessel_type" text NOT NULL,
	"capacity_teu" integer DEFAULT 0 NOT NULL,
	"gross_tonnage" numeric(14, 4),
	"profit_center" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "work_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_code" text NOT NULL,
	"day_of_week" integer NOT NULL,
	"is_working_day" boolean DEFAULT true NOT NULL,
	"start_time" text DEFAULT '08:00' NOT NULL,
	"end_time" text DEFAULT '17:00' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_schedules_branch_day_uq" UNIQUE("branch_code","day_of_week")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "base_branch_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_port_code_ports_code_fk" FOREIGN KEY ("port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_item_codes" ADD CONSTRAINT "charge_item_codes_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_item_codes" ADD CONSTRAINT "charge_item_codes_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_services_matrices" ADD CONSTRAINT "charge_services_matrices_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_services_matrices" ADD CONSTRAINT "charge_services_matrices_service_mode_code_service_modes_code_fk" FOREIGN KEY ("service_mode_code") REFERENCES "public"."service_modes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charge_services_matrices" ADD CONSTRAINT "charge_services_matrices_cargo_type_code_cargo_types_code_fk" FOREIGN KEY ("cargo_type_code") REFERENCES "public"."cargo_types"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_cargo_type_cargo_types_code_fk" FOREIGN KEY ("cargo_type") REFERENCES "public"."cargo_types"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_category_code_commodity_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."commodity_categories"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "container_vans" ADD CONSTRAINT "container_vans_cy_code_container_yards_code_fk" FOREIGN KEY ("cy_code") REFERENCES "public"."container_yards"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_area_code_areas_code_fk" FOREIGN KEY ("area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_charges" ADD CONSTRAINT "customer_charges_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customer_charges" ADD CONSTRAINT "customer_charges_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_port_code_origin_ports_code_fk" FOREIGN KEY ("port_code_origin") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_port_code_destination_ports_code_fk" FOREIGN KEY ("port_code_destination") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_branch_code_origin_branches_code_fk" FOREIGN KEY ("branch_code_origin") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "freight_rates" ADD CONSTRAINT "freight_rates_branch_code_destination_branches_code_fk" FOREIGN KEY ("branch_code_destination") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "port_rates" ADD CONSTRAINT "port_rates_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "port_rates" ADD CONSTRAINT "port_rates_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "port_rates" ADD CONSTRAINT "port_rates_port_code_ports_code_fk" FOREIGN KEY ("port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_origin_branch_code_branches_code_fk" FOREIGN KEY ("origin_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trucking_rates" ADD CONSTRAINT "trucking_rates_charge_code_charges_code_fk" FOREIGN KEY ("charge_code") REFERENCES "public"."charges"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trucking_rates" ADD CONSTRAINT "trucking_rates_area_code_areas_code_fk" FOREIGN KEY ("area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trucking_rates" ADD CONSTRAINT "trucking_rates_port_code_ports_code_fk" FOREIGN KEY ("port_code") REFERENCES "public"."ports"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "trucking_rates" ADD CONSTRAINT "trucking_rates_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vessel_stowage_plans" ADD CONSTRAINT "vessel_stowage_plans_vessel_code_vessels_code_fk" FOREIGN KEY ("vessel_code") REFERENCES "public"."vessels"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "work_schedules" ADD CONSTRAINT "work_schedules_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "areas_branch_code_idx" ON "areas" USING btree ("branch_code");--> statement-breakpoint
CREATE INDEX "charges_category_idx" ON "charges" USING btree ("category");--> statement-breakpoint
CREATE INDEX "commodities_category_idx" ON "commodities" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "container_vans_cy_idx" ON "container_vans" USING btree ("cy_code");--> statement-breakpoint
CREATE INDEX "container_vans_code_trgm_idx" ON "container_vans" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "customers_company_trgm_idx" ON "customers" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_code_trgm_idx" ON "customers" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_first_name_trgm_idx" ON "customers" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_trgm_idx" ON "customers" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("customer_contact_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_ae_idx" ON "customers" USING btree ("account_executive_id");--> statement-breakpoint
CREATE INDEX "customers_company_id_idx" ON "customers" USING btree ("company","id");--> statement-breakpoint
CREATE INDEX "freight_rates_lane_idx" ON "freight_rates" USING btree ("port_code_origin","port_code_destination");--> statement-breakpoint
CREATE INDEX "holidays_date_idx" ON "holidays" USING btree ("holiday_date");--> statement-breakpoint
CREATE INDEX "routes_origin_branch_code_idx" ON "routes" USING btree ("origin_branch_code");--> statement-breakpoint
CREATE INDEX "truckings_branch_codes_idx" ON "truckings" USING gin ("branch_codes");