import { NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { EntityList } from "../components/EntityList.tsx";

type State = { kind: "loading" } | { kind: "missing"; message: string } | { kind: "ready" };

const CRUMBS = [
  { text: "Master Data", href: "/master_data" },
  { text: "Freight rates", href: "/master_data/freight_rate" },
];

/**
 * The freight rates of one charge from one origin port: the list with both fixed, so it shows only that lane
 * family and a new rate is filed under it.
 */
export default function FreightRateLanePage({ params }: PageProps) {
  const charge = params.charge ?? "";
  const origin = params.origin ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    api.get(`/FreightRates/ReadListByCode/${encodeURIComponent(charge)}`)
      .then(() => live && setState({ kind: "ready" }))
      .catch((error) => {
        if (!live) return;
        // A wrong address is a page state, not a passing notice.
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

  const title = `Freight rates of charge ${charge} from ${origin}`;
  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="freight-rate-page">
        <PageHeader title={title} crumbs={CRUMBS} />
        {state.kind === "loading"
          ? <Spinner size={32} />
          : <NonIdealState title="No such charge" description={state.message} data-testid="freight-rate-charge-missing" />}
      </div>
    );
  }
  return (
    <EntityList
      key={`${charge}/${origin}`}
      contract={freightRateContract}
      title={title}
      idPrefix="freight-rate"
      fixed={{ chargeCode: charge, portCodeOrigin: origin }}
      crumbs={CRUMBS}
    />
  );
}
