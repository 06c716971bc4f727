import { commodityContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { api } from "../../../lib/api.ts";
import { ScopedEntityList } from "../components/ScopedEntityList.tsx";

const CRUMBS = [
  { text: "Master Data", href: "/master_data" },
  { text: "Commodities", href: "/master_data/commodity" },
];

/** The goods of one category: the commodity list with the category fixed, so new goods are filed under it. */
export default function CommodityCategoryPage({ params }: PageProps) {
  const wanted = params.category ?? "";
  return (
    <ScopedEntityList
      contract={commodityContract}
      idPrefix="commodity"
      crumbs={CRUMBS}
      scopeKey={wanted}
      resolve={async () => {
        const { data } = await api.post<{ data: { code: string; name: string } }>("/CommodityGoods/readCommodityByCategory", { categoryCode: wanted });
        return { title: `Commodities of ${data.name}`, fixed: { categoryCode: data.code } };
      }}
      pendingTitle={`Commodities of ${wanted}`}
      missingTitle="No such category"
      missingText={`Commodity category ${wanted} was not found.`}
    />
  );
}
