import { NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { portRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { EntityList } from "../components/EntityList.tsx";

type State = { kind: "loading" } | { kind: "missing"; message: string } | { kind: "ready" };

const CRUMBS = [
  { text: "Master Data", href: "/master_data" },
  { text: "Port rates", href: "/master_data/port_rate" },
];

/** The port rates of one charge: the list with the charge fixed, so new rates are filed under it. */
export default function PortRateChargePage({ params }: PageProps) {
  const charge = params.chargeCode ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    api.get(`/PortRates/ReadListByCode/${encodeURIComponent(charge)}`)
      .then(() => live && setState({ kind: "ready" }))
      .catch((error) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ kind: "missing", message: `Charge ${charge} was not found.` });
        } else {
          notify.error(errorText(error));
          setState({ kind: "missing", message: errorText(error) });
        }
      });
    return () => {
      live = false;
    };
  }, [charge]);

  const title = `Port rates of charge ${charge}`;
  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="port-rate-page">
        <PageHeader title={title} crumbs={CRUMBS} />
        {state.kind === "loading"
          ? <Spinner size={32} />
          : <NonIdealState title="No such charge" description={state.message} data-testid="port-rate-charge-missing" />}
      </div>
    );
  }
  return (
    <EntityList
      key={charge}
      contract={portRateContract}
      title={title}
      idPrefix="port-rate"
      fixed={{ chargeCode: charge }}
      crumbs={CRUMBS}
    />
  );
}
