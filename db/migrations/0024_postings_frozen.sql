-- What BASE received under a key never changes, and what was issued is never deleted (domain notes §10, §12).
-- The services never try; these triggers make sure nothing else does either. Codes that other tables rename
-- by cascade (branch, voyage, waybill, customer) are left out, so a renamed branch still carries its postings.

CREATE OR REPLACE FUNCTION lading_postings_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'posting %: the posting log is kept, never deleted', OLD.idempotency_key USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status = 'CONFIRMED' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.external_ref IS DISTINCT FROM OLD.external_ref
      OR NEW.response IS DISTINCT FROM OLD.response OR NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at) THEN
    RAISE EXCEPTION 'posting %: a confirmed posting is never changed; post a REVERSAL and the document at its next revision', OLD.idempotency_key
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key OR NEW.doc_type IS DISTINCT FROM OLD.doc_type
      OR NEW.doc_id IS DISTINCT FROM OLD.doc_id OR NEW.revision IS DISTINCT FROM OLD.revision
      OR NEW.reverses_key IS DISTINCT FROM OLD.reverses_key OR NEW.reference IS DISTINCT FROM OLD.reference
      OR NEW.payload IS DISTINCT FROM OLD.payload OR NEW.payload_hash IS DISTINCT FROM OLD.payload_hash
      OR NEW.totals IS DISTINCT FROM OLD.totals OR NEW.document_date IS DISTINCT FROM OLD.document_date THEN
    RAISE EXCEPTION 'posting %: its content is frozen when written; post a REVERSAL and the document at its next revision', OLD.idempotency_key
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_frozen BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION lading_postings_frozen();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lading_invoices_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice %: an issued invoice is cancelled, never deleted', OLD.invoice_no USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.invoice_no IS DISTINCT FROM OLD.invoice_no OR NEW.billed_side IS DISTINCT FROM OLD.billed_side
      OR NEW.invoice_date IS DISTINCT FROM OLD.invoice_date OR NEW.buyer_name IS DISTINCT FROM OLD.buyer_name
      OR NEW.buyer_address IS DISTINCT FROM OLD.buyer_address OR NEW.buyer_tin IS DISTINCT FROM OLD.buyer_tin
      OR NEW.buyer_vat_registered IS DISTINCT FROM OLD.buyer_vat_registered OR NEW.seller IS DISTINCT FROM OLD.seller
      OR NEW.vatable_sales IS DISTINCT FROM OLD.vatable_sales OR NEW.vat_amount IS DISTINCT FROM OLD.vat_amount
      OR NEW.exempt_sales IS DISTINCT FROM OLD.exempt_sales OR NEW.zero_rated_sales IS DISTINCT FROM OLD.zero_rated_sales
      OR NEW.total IS DISTINCT FROM OLD.total OR NEW.date_issued IS DISTINCT FROM OLD.date_issued OR NEW.issued_by IS DISTINCT FROM OLD.issued_by THEN
    RAISE EXCEPTION 'invoice %: an issued invoice is never edited; cancel it and issue another', OLD.invoice_no USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_kept BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION lading_invoices_kept();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lading_invoice_lines_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice line %: the lines of an issued invoice are never changed', OLD.id USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_kept BEFORE UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION lading_invoice_lines_kept();
