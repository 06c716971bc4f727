import { Button, Card, H5, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Edit, GridView } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { type PageProps, PAGES, vesselStowagePath } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { readVessel, stowagePlansOf } from "../api/records.ts";
import { RecordFacts } from "../components/RecordFacts.tsx";
import { StowageGrid } from "../../../components/StowageGrid.tsx";

/** One vessel: its fields and a picture of each of its stowage plans. */
export default function VesselReadPage({ params }: PageProps) {
  const code = params.vessel ?? "";
  const [, navigate] = useLocation();
  const [state] = useAddressedRecord(
    code,
    async () => {
      const [vessel, plans] = await Promise.all([readVessel(code), stowagePlansOf(code)]);
      return { vessel: vessel.data, plans: plans.data };
    },
    `Vessel ${code} was not found.`,
  );

  const crumbs = [{ text: "Master Data", href: PAGES.masterData }, { text: "Vessels", href: PAGES.vessels }];

  if (state.kind === "loading") {
    return (
      <div className="lading-page" data-testid="vessel-read-page">
        <PageHeader title={`Vessel ${code}`} crumbs={crumbs} />
        <Spinner size={30} />
      </div>
    );
  }
  if (state.kind === "missing") {
    return (
      <div className="lading-page" data-testid="vessel-read-page">
        <PageHeader title={`Vessel ${code}`} crumbs={crumbs} />
        <NonIdealState title="No such vessel" description={state.message}
          action={<Button text="Back to vessels" onClick={() => navigate(PAGES.vessels)} />} />
      </div>
    );
  }

  const { vessel, plans } = state.value;
  const vesselCode = String(vessel.code);
  return (
    <div className="lading-page" data-testid="vessel-read-page">
      <PageHeader
        title={`${vesselCode} · ${String(vessel.name)}`}
        crumbs={crumbs}
        actions={<Button intent="primary" icon={<GridView />} text="Stowage plans" onClick={() => navigate(vesselStowagePath(vesselCode))}
          data-testid="vessel-open-stowage" />}
      />
      <RecordFacts contract={vesselContract} row={vessel} idPrefix="vessel" />
      <H5>Stowage plans</H5>
      {plans.length === 0
        ? (
          <NonIdealState icon={<GridView size={32} />} title="No stowage plans" description="This vessel has no stowage plan yet."
            action={<Button text="Create one" onClick={() => navigate(vesselStowagePath(vesselCode))} data-testid="vessel-create-plan" />} />
        )
        : (
          <div style={{ display: "flex", flexWrap: "wrap", gap: 16 }}>
            {plans.map((plan) => (
              <Card key={plan.id} data-testid={`vessel-plan-${plan.id}`} style={{ maxWidth: "100%" }}>
                <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
                  <strong>{plan.name}</strong>
                  <Tag minimal>{plan.rows} × {plan.columns}</Tag>
                  <Tag minimal>{plan.slots.length} {plan.slots.length === 1 ? "slot" : "slots"}</Tag>
                  <Button size="small" variant="minimal" icon={<Edit />} text="Edit" aria-label={`Edit stowage plan ${plan.name}`}
                    onClick={() => navigate(vesselStowagePath(vesselCode, plan.id))} data-testid={`vessel-plan-edit-${plan.id}`} />
                </div>
                <StowageGrid rows={plan.rows} columns={plan.columns} slots={plan.slots} cellSize={plan.columns > 24 ? 14 : 22}
                  testId={`vessel-plan-grid-${plan.id}`} />
              </Card>
            ))}
          </div>
        )}
    </div>
  );
}
