import { NonIdealState, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { commodityContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { EntityList } from "../components/EntityList.tsx";

type State =
  | { kind: "loading" }
  | { kind: "missing"; message: string }
  | { kind: "ready"; code: string; name: string };

const CRUMBS = [
  { text: "Master Data", href: "/master_data" },
  { text: "Commodities", href: "/master_data/commodity" },
];

/** The goods of one category: the commodity list with the category fixed, so new goods are filed under it. */
export default function CommodityCategoryPage({ params }: PageProps) {
  const wanted = params.category ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    api.post<{ data: { code: string; name: string } }>("/CommodityGoods/readCommodityByCategory", { categoryCode: wanted })
      .then((result) => live && setState({ kind: "ready", code: result.data.code, name: result.data.name }))
      .catch((error) => {
        if (!live) return;
        // A wrong address is a page state, not a passing notice.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ kind: "missing", message: `Commodity category ${wanted} was not found.` });
        } else {
          notify.error(errorText(error));
          setState({ kind: "missing", message: errorText(error) });
        }
      });
    return () => {
      live = false;
    };
  }, [wanted]);

  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="commodity-page">
        <PageHeader title={`Commodities of ${wanted}`} crumbs={CRUMBS} />
        {state.kind === "loading"
          ? <Spinner size={32} />
          : <NonIdealState title="No such category" description={state.message} data-testid="commodity-category-missing" />}
      </div>
    );
  }
  return (
    <EntityList
      key={state.code}
      contract={commodityContract}
      title={`Commodities of ${state.name}`}
      idPrefix="commodity"
      fixed={{ categoryCode: state.code }}
      crumbs={CRUMBS}
    />
  );
}
