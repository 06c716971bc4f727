CREATE TABLE "booking_revision_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_revision_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"revision_key" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_num" text NOT NULL,
	CONSTRAINT "booking_revision_references_uq" UNIQUE("revision_key","kind","ref_num")
);
--> statement-breakpoint
CREATE TABLE "booking_revision_waybill_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_revision_waybill_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"revision_key" integer NOT NULL,
	"way_bill_ref" text NOT NULL,
	"container_van_num" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"revision_id" text NOT NULL,
	"status" text NOT NULL,
	"booking_ref" text NOT NULL,
	"way_bill_ref" text,
	"branch_code" text NOT NULL,
	"remarks" text NOT NULL,
	"proposed" jsonb NOT NULL,
	"original" jsonb NOT NULL,
	"charges_before" jsonb NOT NULL,
	"charges_after" jsonb NOT NULL,
	"charges_change" boolean DEFAULT false NOT NULL,
	"amendment_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"requested_by" text NOT NULL,
	"date_submitted" timestamp (3) with time zone,
	"endorsed_by" text,
	"date_endorsed" timestamp (3) with time zone,
	"management_approved_by" text,
	"date_management_approved" timestamp (3) with time zone,
	"approved_by" text,
	"dat_approved" timestamp (3) with time zone,
	"decided_by" text,
	"date_decided" timestamp (3) with time zone,
	"decision_remarks" text DEFAULT '' NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_revisions_revision_id_unique" UNIQUE("revision_id")
);
--> statement-breakpoint
ALTER TABLE "booking_revision_references" ADD CONSTRAINT "booking_revision_references_revision_key_booking_revisions_id_fk" FOREIGN KEY ("revision_key") REFERENCES "public"."booking_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_revision_waybill_entries" ADD CONSTRAINT "booking_revision_waybill_entries_revision_key_booking_revisions_id_fk" FOREIGN KEY ("revision_key") REFERENCES "public"."booking_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_revisions" ADD CONSTRAINT "booking_revisions_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "booking_revisions" ADD CONSTRAINT "booking_revisions_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "booking_revision_waybill_entries_idx" ON "booking_revision_waybill_entries" USING btree ("revision_key");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_revisions_open_idx" ON "booking_revisions" USING btree ("booking_ref") WHERE status in ('draft', 'For Endorse', 'For Approval', 'Management Approved');--> statement-breakpoint
CREATE INDEX "booking_revisions_branch_status_idx" ON "booking_revisions" USING btree ("branch_code","status");