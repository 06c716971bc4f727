import "../sales-quotations.css";
import { AnchorButton, Button, Callout, Card, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { Add, Print } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { ApiError } from "../../../lib/api.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import type { FullQuotation, LaneRow, QuotationRow, SqAction } from "../api/contracts.ts";
import {
  amendQuotation,
  archiveQuotation,
  deactivateQuotation,
  deleteLane,
  type PresentationData,
  presentationData,
  printoutUrl,
  readQuotation,
  updateStatus,
} from "../api/quotations.ts";
import { ActionDialog } from "../components/ActionDialog.tsx";
import { HistoryTable } from "../components/HistoryTable.tsx";
import { LaneCard } from "../components/LaneCard.tsx";
import { LaneDialog } from "../components/LaneDialog.tsx";
import { StatusTag } from "../components/StatusTag.tsx";
import { TermsSection } from "../components/TermsSection.tsx";
import { ACTION_LOOK, availableActions, canEditLanes, isStatusUpdate, returnPathAfter } from "../rules.ts";

/** After a step the page shows its notice this long, then returns to the list (001 §2, §4). */
const RETURN_DELAY_MS = 1000;

const CRUMBS = [{ text: "Sales Quotation", href: PAGES.salesQuotation }, { text: "Drafts", href: PAGES.sqDrafts }];

/** A step's call: the status update for the approval chain, the calls of their own for the rest. */
function runAction(quotation: FullQuotation, action: SqAction, remarks: string): Promise<{ data: QuotationRow; message: string }> {
  if (isStatusUpdate(action)) return updateStatus(quotation.id, action, remarks);
  switch (action) {
    case "amend":
      return amendQuotation(quotation.sqRefNum, remarks);
    case "deactivate":
      return deactivateQuotation(quotation.sqRefNum, remarks);
    default:
      return archiveQuotation(quotation.sqRefNum, remarks);
  }
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/**
 * One quotation: its facts, its lanes with their charges, its terms, the steps each role may take now, its
 * history and its printout. Lanes and terms change only in the hands of the owning AE while it is a draft or
 * was denied.
 */
export default function QuotationReadPage({ params }: PageProps) {
  const sqRefNum = params.sqRefNum ?? "";
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const [state, setQuotation] = useAddressedRecord(sqRefNum, () => readQuotation(sqRefNum).then((r) => r.data), `Sales quotation ${sqRefNum} was not found.`);
  // The names behind the codes come with the printout's data. They only dress the facts up, so a failure to
  // read them leaves the codes showing rather than raising a notice on every visit.
  const presentation = useRecord(sqRefNum, () => presentationData(sqRefNum).then((r) => r.data), { keepStale: false, quiet: () => true });
  const names: PresentationData | null = presentation.data;
  const [pending, setPending] = useState<SqAction | null>(null);
  const [acting, setActing] = useState(false);
  const [laneDialog, setLaneDialog] = useState<{ lane: LaneRow | null } | null>(null);
  const [busyLane, setBusyLane] = useState<number | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Reads the quotation again in place, without the loading state, after a write or a refusal. */
  const refresh = async () => {
    try {
      const { data } = await readQuotation(sqRefNum);
      if (mounted.current) setQuotation(data);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="sq-read">
        <PageHeader title={`Sales quotation ${sqRefNum}`} crumbs={CRUMBS} />
        {state.kind === "loading" ? <Spinner size={30} /> : (
          <NonIdealState title="No such quotation" description={state.message}
            action={<Button text="Back to the lists" onClick={() => navigate(PAGES.salesQuotation)} data-testid="sq-read-back" />} />
        )}
      </div>
    );
  }

  const quotation = state.value;
  const viewer = { userId: user?.userId ?? "", capabilities: user?.capabilities ?? [] };
  const actions = availableActions(quotation, viewer);
  const editable = canEditLanes(quotation, viewer);

  const confirmAction = async (remarks: string) => {
    const action = pending;
    if (!action) return;
    setActing(true);
    try {
      const result = await whileSaving(() => runAction(quotation, action, remarks));
      notify.success(result.message);
      setPending(null);
      // A finance approval changes what the printout shows; its data is read again (001 §4, §6).
      if (action === "faApprove") {
        presentation.reload();
      }
      await refresh();
      setTimeout(() => {
        if (mounted.current) navigate(returnPathAfter(action, result.data));
      }, RETURN_DELAY_MS);
    } catch (error) {
      notify.error(errorText(error));
      // A refused submit, or a step someone else took first, leaves the page showing a stale quotation.
      if (action === "submit" || (error instanceof ApiError && error.status === 409)) {
        setPending(null);
        await refresh();
      }
    } finally {
      if (mounted.current) setActing(false);
    }
  };

  const removeLane = async (lane: LaneRow) => {
    const ok = await confirmPrompt({
      title: "Delete lane",
      description: `Delete lane ${lane.lineNo} (${lane.originPortCode} → ${lane.destinationPortCode}) and its charges from ${quotation.sqRefNum}?`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!ok) return;
    setBusyLane(lane.id);
    try {
      notify.success((await whileSaving(() => deleteLane(lane.id))).message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyLane(null);
      // After a failed delete too: the record is read again rather than trusted (001 §2).
      await refresh();
    }
  };

  return (
    <div className="lading-page" data-testid="sq-read">
      <PageHeader
        title={`Sales quotation ${quotation.sqRefNum}`}
        crumbs={CRUMBS}
        actions={
          <>
            {actions.map((action) => {
              const look = ACTION_LOOK[action];
              return (
                <Button key={action} intent={look.intent} text={look.label} disabled={acting} onClick={() => setPending(action)}
                  data-testid={`sq-action-${action}`} />
              );
            })}
            <AnchorButton icon={<Print />} text="Printout" href={printoutUrl(quotation.sqRefNum)} target="_blank" rel="noopener"
              data-testid="sq-printout" />
          </>
        }
      />

      <Card className="lading-sq-facts">
        <dl className="lading-kv lading-kv-plain lading-sq-kv">
          <Fact label="SQ reference" testId="sq-fact-ref">{quotation.sqRefNum}</Fact>
          <Fact label="Status" testId="sq-fact-status"><StatusTag status={quotation.status} testId="sq-status" /></Fact>
          <Fact label="Customer" testId="sq-fact-customer">
            {quotation.customerCode}{names ? ` · ${names.customerName}` : ""}
          </Fact>
          <Fact label="Account executive" testId="sq-fact-ae">
            {quotation.userId}{names && names.accountExecutive !== quotation.userId ? ` · ${names.accountExecutive}` : ""}
          </Fact>
          <Fact label="Branch" testId="sq-fact-branch">{quotation.branchCode}{names ? ` · ${names.branchName}` : ""}</Fact>
          <Fact label="Cargo type" testId="sq-fact-cargo">{quotation.cargoTypeCode}{names ? ` · ${names.cargoType}` : ""}</Fact>
          <Fact label="SQ date" testId="sq-fact-date">{quotation.sqDate}</Fact>
          <Fact label="Valid until" testId="sq-fact-valid">{quotation.validUntil}</Fact>
          <Fact label="Amends" testId="sq-fact-amended">
            {quotation.amendedSqRef ? <AppLink to={pathTo(PAGES.sqRead, { sqRefNum: quotation.amendedSqRef })}>{quotation.amendedSqRef}</AppLink> : "—"}
          </Fact>
          <Fact label="Memorandum" testId="sq-fact-memo">{quotation.memoRef ?? "—"}</Fact>
          <Fact label="Total" testId="sq-fact-total"><span className="lading-sq-amount">{formatAmount(quotation.total)}</span></Fact>
          <Fact label="Last changed" testId="sq-fact-modified">{formatDateTime(quotation.dateModified)}</Fact>
          {quotation.remarks && <Fact label="Remarks" testId="sq-fact-remarks">{quotation.remarks}</Fact>}
        </dl>
      </Card>

      {!quotation.isActive && <Callout intent="warning" compact>This quotation is inactive: bookings can no longer be priced from it.</Callout>}

      <section className="lading-sq-section" data-testid="sq-lanes">
        <div className="lading-sq-section-head">
          <H5>Lanes</H5>
          <span className="lading-sq-spacer" />
          {editable && <Button intent="primary" icon={<Add />} text="Add lane" onClick={() => setLaneDialog({ lane: null })} data-testid="sq-lane-add" />}
        </div>
        {quotation.lanes.length === 0 && (
          <NonIdealState title="No lanes yet" description={editable ? "Add the lanes the customer ships on; each is priced from the rate tables." : undefined} />
        )}
        {quotation.lanes.map((lane) => (
          <LaneCard key={lane.id} lane={lane} editable={editable} busy={busyLane === lane.id}
            onEdit={() => setLaneDialog({ lane })} onDelete={() => void removeLane(lane)} />
        ))}
      </section>

      <TermsSection quotation={quotation} editable={editable} onChanged={() => void refresh()} />

      <section className="lading-sq-section">
        <H5>History</H5>
        <HistoryTable history={quotation.history} />
      </section>

      <LaneDialog
        isOpen={laneDialog !== null}
        quotation={quotation}
        lane={laneDialog?.lane ?? null}
        onClose={() => setLaneDialog(null)}
        onSaved={() => {
          setLaneDialog(null);
          void refresh();
        }}
      />
      <ActionDialog action={pending} sqRefNum={quotation.sqRefNum} busy={acting} onClose={() => setPending(null)} onConfirm={(r) => void confirmAction(r)} />
    </div>
  );
}
