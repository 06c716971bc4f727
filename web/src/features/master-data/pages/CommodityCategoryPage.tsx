import { commodityContract } from "../../../../../api/modules/master-data/schemas.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { commodityCategory } from "../api/records.ts";
import { ScopedEntityList } from "../components/ScopedEntityList.tsx";

const CRUMBS = [
  { text: "Master Data", href: PAGES.masterData },
  { text: "Commodities", href: PAGES.commodities },
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
        const { data } = await commodityCategory(wanted);
        return { title: `Commodities of ${data.name}`, fixed: { categoryCode: data.code } };
      }}
      pendingTitle={`Commodities of ${wanted}`}
      missingTitle="No such category"
      missingText={`Commodity category ${wanted} was not found.`}
    />
  );
}
