ALTER TABLE "withholding_certificates" DROP CONSTRAINT "withholding_certificates_customer_quarter_uq";--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "date_voided" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD COLUMN "branch_code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "customer_credits_customer_idx" ON "customer_credits" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "customer_credits_source_idx" ON "customer_credits" USING btree ("source_collection_id");--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_customer_branch_quarter_uq" UNIQUE("customer_code","branch_code","year","quarter");