import { Button, Card, H5, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Edit, GridView } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../components/useAddressedRecord.ts";
import { api } from "../../../lib/api.ts";
import type { EntityRow } from "../api/entities.ts";
import { RecordFacts } from "../components/RecordFacts.tsx";
import { StowageGrid, type StowagePlanRow, vesselStowagePath } from "../components/StowageGrid.tsx";

/** One vessel: its fields and a picture of each of its stowage plans. */
export default function VesselReadPage({ params }: PageProps) {
  const code = params.vessel ?? "";
  const [, navigate] = useLocation();
  const [state] = useAddressedRecord(
    code,
    async () => {
      const path = encodeURIComponent(code);
      const [vessel, plans] = await Promise.all([
        api.get<{ data: EntityRow }>(`/Vessels/readByCode/${path}`),
        api.get<{ data: StowagePlanRow[] }>(`/Vessels/stowagePlans/${path}`),
      ]);
      return { vessel: vessel.data, plans: plans.data };
    },
    `Vessel ${code} was not found.`,
  );

  const crumbs = [{ text: "Master Data", href: "/master_data" }, { text: "Vessels", href: "/master_data/vessels" }];

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
          action={<Button text="Back to vessels" onClick={() => navigate("/master_data/vessels")} />} />
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
