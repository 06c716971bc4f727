import "../sales-quotations.css";
import { Button, NonIdealState, Tab, Tabs } from "@blueprintjs/core";
import { Add, Archive, Chart, Document, Envelope } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { signedInUserAtom } from "../../../lib/session.ts";
import type { SqList } from "../api/contracts.ts";
import { ApprovedViewer } from "../components/ApprovedViewer.tsx";
import { QuotationList } from "../components/QuotationList.tsx";
import { LIST_TITLES, listsOf } from "../rules.ts";

/**
 * The sales-quotation home: a tab for each list the user's role holds (000 §6), the way to a new quotation
 * for an AE, the archive and the reports, and the customer search of the SQ approved viewer.
 */
export default function SalesQuotationHomePage(_props: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const viewer = useMemo(() => ({ userId: user?.userId ?? "", capabilities: user?.capabilities ?? [] }), [user]);
  const lists = useMemo(() => listsOf(viewer), [viewer]);
  const asked = lists.find((l) => l.toLowerCase() === (query.get("list") ?? "").toLowerCase());
  const current: SqList | undefined = asked ?? lists[0];
  const isAe = viewer.capabilities.includes("SQ_AE");
  const isViewer = viewer.capabilities.includes("SQ_APPROVED_VIEWER");
  const isSbm = viewer.capabilities.includes("SQ_SBM");

  return (
    <div className="lading-page" data-testid="sq-home">
      <PageHeader
        title="Sales Quotation"
        actions={
          <>
            {isAe && <Button intent="primary" icon={<Add />} text="New quotation" onClick={() => navigate(PAGES.sqDrafts)} data-testid="sq-new" />}
            {isAe && <Button icon={<Document />} text="Drafts" onClick={() => navigate(PAGES.sqDrafts)} data-testid="sq-drafts-link" />}
            <Button icon={<Archive />} text="Archive" onClick={() => navigate(PAGES.sqArchive)} data-testid="sq-archive-link" />
            <Button icon={<Chart />} text="Reports" onClick={() => navigate(PAGES.sqReports)} data-testid="sq-reports-link" />
            {isSbm && <Button icon={<Envelope />} text="Memorandum" onClick={() => navigate(PAGES.sqMemo)} data-testid="sq-memo-link" />}
          </>
        }
      />
      {current ? (
        <>
          <Tabs id="sq-lists" selectedTabId={current} onChange={(id) => navigate(`${PAGES.salesQuotation}?list=${String(id)}`, { replace: true })}>
            {lists.map((l) => <Tab key={l} id={l} title={LIST_TITLES[l]} data-testid={`sq-tab-${l.toLowerCase()}`} />)}
          </Tabs>
          {/* Keyed by list so each tab starts on its own first page with its own search. */}
          <QuotationList key={current} list={current} idPrefix={`sq-${current.toLowerCase()}`} />
        </>
      ) : (
        !isViewer && (
          <NonIdealState title="No quotation lists" description="Your role holds none of the AE, SM, AUD, FA or SBM lists; the archive is still open to you." />
        )
      )}
      {isViewer && <ApprovedViewer />}
    </div>
  );
}
