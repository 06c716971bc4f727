import { Button } from "@blueprintjs/core";
import { List } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { commodityCategoryContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

/** Commodity categories; each row leads to the goods filed under it. */
export default function CommoditiesPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={commodityCategoryContract}
      title="Commodity categories"
      idPrefix="commodity-category"
      actionsWidth={380}
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <Button icon={<List />} text="Commodities" aria-label={`Commodities of category ${code}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.commodityCategory, { category: code }))} data-testid={`commodity-category-goods-${code}`} />
        );
      }}
    />
  );
}
