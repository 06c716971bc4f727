import "../sales-quotations.css";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { QuotationList } from "../components/QuotationList.tsx";

/** Quotations put away once closed; an AE sees their own, managers every one. */
export default function ArchivePage(_props: PageProps) {
  return (
    <div className="lading-page" data-testid="sq-archive">
      <PageHeader title="Quotation archive" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
      <QuotationList list="Archive" idPrefix="sq-archive" />
    </div>
  );
}
