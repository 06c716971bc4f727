import "../sales-quotations.css";
import { Callout } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { withoutLeaveGuard } from "../../../lib/leave-guard.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { NewQuotationForm } from "../components/NewQuotationForm.tsx";
import { QuotationList } from "../components/QuotationList.tsx";

/** The account executive's desk: a new quotation, and every quotation of theirs (drafts first to hand). */
export default function DraftsPage(_props: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const isAe = user?.capabilities.includes("SQ_AE") ?? false;

  return (
    <div className="lading-page" data-testid="sq-drafts">
      <PageHeader title="Draft quotations" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
      {user && isAe ? (
        <>
          <NewQuotationForm user={user} onCreated={(row) => withoutLeaveGuard(() => navigate(pathTo(PAGES.sqRead, { sqRefNum: row.sqRefNum })))} />
          <QuotationList list="AE" idPrefix="sq-drafts" />
        </>
      ) : (
        <Callout intent="primary" title="Drafting is for account executives" data-testid="sq-drafts-not-ae">
          Your role is not an account executive's (AE), so it drafts no quotations. Your lists are on the Sales Quotation page.
        </Callout>
      )}
    </div>
  );
}
