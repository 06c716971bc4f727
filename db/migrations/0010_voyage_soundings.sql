CREATE TABLE "voyage_soundings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyage_soundings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_num" text NOT NULL,
	"sounding_type" text NOT NULL,
	"branch_code" text NOT NULL,
	"taken_at" timestamp (3) with time zone NOT NULL,
	"fuel_oil" numeric(12, 2) NOT NULL,
	"diesel_oil" numeric(12, 2) NOT NULL,
	"lube_oil" numeric(12, 2) NOT NULL,
	"fresh_water" numeric(12, 2) NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voyage_soundings_uq" UNIQUE("voyage_num","sounding_type","branch_code")
);
--> statement-breakpoint
ALTER TABLE "voyage_soundings" ADD CONSTRAINT "voyage_soundings_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voyage_soundings" ADD CONSTRAINT "voyage_soundings_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;