CREATE TABLE "sales_quotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_quotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sq_ref_num" text NOT NULL,
	"sq_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"user_id" text NOT NULL,
	"branch_code" text NOT NULL,
	"customer_code" text NOT NULL,
	"cargo_type_code" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"amended_sq_ref" text,
	"remarks" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_created" text,
	"user_modified" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotations_sq_ref_num_unique" UNIQUE("sq_ref_num")
);
--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_customer_code_customers_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_cargo_type_code_cargo_types_code_fk" FOREIGN KEY ("cargo_type_code") REFERENCES "public"."cargo_types"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sales_quotations_status_idx" ON "sales_quotations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sales_quotations_owner_idx" ON "sales_quotations" USING btree ("user_id");