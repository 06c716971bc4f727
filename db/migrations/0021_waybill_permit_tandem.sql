ALTER TABLE "charges" ADD COLUMN "is_permit_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "tandem_booking_ref" text;--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "tandem_cts_num" text;--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "tandem_container_van_num" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_tandem_booking_ref_bookings_booking_ref_fk" FOREIGN KEY ("tandem_booking_ref") REFERENCES "public"."bookings"("booking_ref") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_tandem_cts_num_outbound_cts_cts_num_fk" FOREIGN KEY ("tandem_cts_num") REFERENCES "public"."outbound_cts"("cts_num") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_tandem_booking_idx" ON "waybills" USING btree ("tandem_booking_ref");--> statement-breakpoint
-- 001 §9 names 016 the permit fee: a charge master that has it marks it so.
UPDATE "charges" SET "is_permit_fee" = true WHERE "code" = '016';
