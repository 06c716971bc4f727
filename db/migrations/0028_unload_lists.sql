CREATE TABLE "unload_list_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unload_list_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" text NOT NULL,
	"way_bill_ref" text NOT NULL,
	"date_added" timestamp (3) with time zone NOT NULL,
	"added_by" text NOT NULL,
	"date_removed" timestamp (3) with time zone,
	"removed_by" text
);
--> statement-breakpoint
CREATE TABLE "unload_list_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unload_list_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	CONSTRAINT "unload_list_releases_release_id_unique" UNIQUE("release_id")
);
--> statement-breakpoint
ALTER TABLE "unload_list_entries" ADD CONSTRAINT "unload_list_entries_release_id_unload_list_releases_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."unload_list_releases"("release_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "unload_list_entries" ADD CONSTRAINT "unload_list_entries_way_bill_ref_waybills_way_bill_ref_fk" FOREIGN KEY ("way_bill_ref") REFERENCES "public"."waybills"("way_bill_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "unload_list_releases" ADD CONSTRAINT "unload_list_releases_voyage_num_voyage_schedules_voyage_num_fk" FOREIGN KEY ("voyage_num") REFERENCES "public"."voyage_schedules"("voyage_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "unload_list_releases" ADD CONSTRAINT "unload_list_releases_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "unload_list_entries_waybill_on_idx" ON "unload_list_entries" USING btree ("way_bill_ref") WHERE date_removed is null;--> statement-breakpoint
CREATE INDEX "unload_list_entries_release_idx" ON "unload_list_entries" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "unload_list_releases_voyage_idx" ON "unload_list_releases" USING btree ("voyage_num","branch_code");