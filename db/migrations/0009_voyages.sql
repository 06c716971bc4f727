CREATE TABLE "vessel_update_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessel_update_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vuid" text NOT NULL,
	"vessel_status" text NOT NULL,
	"activity" text NOT NULL,
	"activity_at" timestamp (3) with time zone NOT NULL,
	"branch_code" text,
	"actual_time_arrival" timestamp (3) with time zone,
	"actual_time_departure" timestamp (3) with time zone,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessel_update_headers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessel_update_headers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vuid" text NOT NULL,
	"vessel_code" text NOT NULL,
	"voyage_num" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessel_update_headers_vuid_unique" UNIQUE("vuid"),
	CONSTRAINT "vessel_update_headers_vessel_voyage_uq" UNIQUE("vessel_code","voyage_num")
);
--> statement-breakpoint
CREATE TABLE "voyage_schedule_destinations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_schedule_destinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_num" text NOT NULL,
	"seq" integer NOT NULL,
	"destination_branch_code" text NOT NULL,
	"estimated_time_arrival" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "voyage_schedule_destinations_uq" UNIQUE("voyage_num","destination_branch_code")
);
--> statement-breakpoint
CREATE TABLE "voyage_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_num" text NOT NULL,
	"voyage_ref" text NOT NULL,
	"vessel_code" text NOT NULL,
	"route_code" text NOT NULL,
	"origin_branch_code" text NOT NULL,
	"estimated_time_departure" timestamp (3) with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"approved_by" text,
	"date_approved" timestamp (3) with time zone,
	"cro_status" text DEFAULT 'Open' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voyage_schedules_voyage_num_unique" UNIQUE("voyage_num")
);
--> statement-breakpoint
ALTER TABLE "vessel_update_details" ADD CONSTRAINT "vessel_update_details_vuid_vessel_update_headers_vuid_fk" FOREIGN KEY ("vuid") REFERENCES "public"."vessel_update_headers"("vuid") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vessel_update_details" ADD CONSTRAINT "vessel_update_details_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vessel_update_headers" ADD CONSTRAINT "vessel_update_headers_vessel_code_vessels_code_fk" FOREIGN KEY ("vessel_code") REFERENCES "public"."vessels"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vessel_update_headers" ADD CONSTRAINT "vessel_update_headers_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_schedule_destinations" ADD CONSTRAINT "voyage_schedule_destinations_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_schedule_destinations" ADD CONSTRAINT "voyage_schedule_destinations_destination_branch_code_branches_code_fk" FOREIGN KEY ("destination_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_schedules" ADD CONSTRAINT "voyage_schedules_vessel_code_vessels_code_fk" FOREIGN KEY ("vessel_code") REFERENCES "public"."vessels"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_schedules" ADD CONSTRAINT "voyage_schedules_route_code_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."routes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_schedules" ADD CONSTRAINT "voyage_schedules_origin_branch_code_branches_code_fk" FOREIGN KEY ("origin_branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "vessel_update_details_vuid_idx" ON "vessel_update_details" USING btree ("vuid");--> statement-breakpoint
CREATE INDEX "voyage_schedules_etd_idx" ON "voyage_schedules" USING btree ("estimated_time_departure");--> statement-breakpoint
CREATE INDEX "voyage_schedules_vessel_idx" ON "voyage_schedules" USING btree ("vessel_code");