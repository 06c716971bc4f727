import "../sales-quotations.css";
import type { PageProps } from "../../../app/routes.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { QuotationList } from "../components/QuotationList.tsx";
import { HOME_PATH } from "../rules.ts";

/** Quotations put away once closed; an AE sees their own, managers every one. */
export default function ArchivePage(_props: PageProps) {
  return (
    <div className="lading-page" data-testid="sq-archive">
      <PageHeader title="Quotation archive" crumbs={[{ text: "Sales Quotation", href: HOME_PATH }]} />
      <QuotationList list="Archive" idPrefix="sq-archive" />
    </div>
  );
}
