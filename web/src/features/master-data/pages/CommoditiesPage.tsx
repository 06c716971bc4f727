import { List } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { commodityCategoryContract } from "../../../../../api/modules/master-data/schemas.ts";
import { RowAction } from "../../../components/list-cells.tsx";
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
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <RowAction icon={<List />} label="Commodities" hint={`Commodities of category ${code}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.commodityCategory, { category: code }))} data-testid={`commodity-category-goods-${code}`} />
        );
      }}
    />
  );
}
