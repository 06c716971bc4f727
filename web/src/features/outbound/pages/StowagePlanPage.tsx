import "../stowage.css";
import { AnchorButton, Button, Callout, Card, FormGroup, HTMLSelect, NonIdealState, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { GridView, Print } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { readStowagePlan, startStowagePlan, stowagePrintUrl, type StowagePlanView } from "../api/stowage.ts";
import { LoadingConfirmationsPanel } from "../components/LoadingConfirmationsPanel.tsx";
import { StowageBoard } from "../components/StowageBoard.tsx";

type TabId = "plan" | "confirmations";

/**
 * /outbound/stowage/{voyageNum}: the voyage's stowage plan (the vans its loading tally sheets counted, placed
 * slot by slot) and, on the second tab, the loading confirmations of its shippers.
 */
export default function StowagePlanPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const [, navigate] = useLocation();
  const tab: TabId = new URLSearchParams(useSearch()).get("tab") === "confirmations" ? "confirmations" : "plan";
  const [reads, setReads] = useState(0);
  const [state, setView] = useAddressedRecord(`${voyageNum}#${reads}`, () => readStowagePlan(voyageNum).then((r) => r.data), `Voyage ${voyageNum} was not found.`);
  const view = state.kind === "ready" ? state.value : null;
  const here = pathTo(PAGES.stowagePlan, { voyageNum });

  return (
    <div className="lading-page" data-testid="stowage-plan-page">
      <PageHeader
        title={`Stowage plan ${voyageNum}`}
        crumbs={[{ text: "Outbound", href: PAGES.outbound }]}
        actions={view?.plan
          ? <AnchorButton icon={<Print />} text="Print plan" href={stowagePrintUrl(voyageNum)} target="_blank" data-testid="stowage-print" />
          : undefined}
      />
      {state.kind === "loading" && <NonIdealState icon={<Spinner size={30} />} />}
      {state.kind === "missing" && (
        <NonIdealState icon={<GridView size={32} />} title={state.message} data-testid="stowage-missing"
          action={<Button text="Back to the voyages" onClick={() => navigate(PAGES.outbound)} />} />
      )}
      {view && (
        <>
          <p className="lading-stowage-facts" data-testid="stowage-facts">
            <span>{`Voyage ${view.voyageRef}`}</span>
            <span>{view.vesselName}</span>
            <span>{`ETD ${formatDateTime(view.estimatedTimeDeparture)}`}</span>
            <span data-testid="stowage-final-tally">{view.finalTallyAt ? `Final tally ${formatDateTime(view.finalTallyAt)}` : "Loading not final yet"}</span>
            {view.plan && <span>{`Plan: ${view.plan.planName}`}</span>}
          </p>
          <Tabs id="stowage-tabs" selectedTabId={tab} onChange={(id) => navigate(id === "plan" ? here : `${here}?tab=${String(id)}`, { replace: true })}>
            <Tab id="plan" title="Stowage plan" data-testid="stowage-tab-plan"
              panel={view.plan
                ? <StowageBoard view={view} onChanged={setView} onReload={() => setReads((n) => n + 1)} />
                : <StartPlan view={view} onStarted={setView} />} />
            <Tab id="confirmations" title="Loading confirmations" data-testid="stowage-tab-confirmations"
              panel={<LoadingConfirmationsPanel voyageNum={view.voyageNum} />} />
          </Tabs>
        </>
      )}
    </div>
  );
}

/** Before the first van is placed: the plan starts as a copy of one of the vessel's plans. */
function StartPlan({ view, onStarted }: { view: StowagePlanView; onStarted: (next: StowagePlanView) => void }) {
  const [planId, setPlanId] = useState(view.vesselPlans[0]?.id ?? 0);
  const { saving, save } = useFormSave();
  if (view.vesselPlans.length === 0) {
    return (
      <Callout intent="warning" title="No stowage plan for this vessel" data-testid="stowage-no-vessel-plan">
        {`Vessel ${view.vesselName} has no stowage plan yet. Draw one under Master Data, Vessel stowage, then start this voyage's plan.`}
      </Callout>
    );
  }
  return (
    <Card data-testid="stowage-start">
      <p>{`The voyage's plan starts as a copy of one of ${view.vesselName}'s plans; later changes to the vessel's plan leave it as it is.`}</p>
      <div style={{ display: "flex", gap: 12, alignItems: "flex-end", flexWrap: "wrap" }}>
        <FormGroup label="Vessel's plan" labelFor="stowage-start-plan" style={{ margin: 0 }}>
          <HTMLSelect id="stowage-start-plan" value={String(planId)} onChange={(e) => setPlanId(Number(e.currentTarget.value))} data-testid="stowage-start-plan">
            {view.vesselPlans.map((p) => <option key={p.id} value={String(p.id)}>{`${p.name} (${p.rows} × ${p.columns}, ${p.slotCount} slots)`}</option>)}
          </HTMLSelect>
        </FormGroup>
        <Button intent="primary" text="Start the plan" loading={saving} data-testid="stowage-start-button"
          onClick={() => void save(() => startStowagePlan(view.voyageNum, planId), { onSaved: (r) => onStarted(r.data), onFieldErrors: () => {} })} />
      </div>
    </Card>
  );
}
