import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { api, ApiError } from "../../../lib/api.ts";
import { ScopedEntityList } from "../components/ScopedEntityList.tsx";

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
  const title = `Freight rates of charge ${charge} from ${origin}`;
  return (
    <ScopedEntityList
      contract={freightRateContract}
      idPrefix="freight-rate"
      crumbs={CRUMBS}
      scopeKey={`${charge}/${origin}`}
      resolve={async () => {
        const [, ports] = await Promise.all([
          api.get(`/FreightRates/ReadListByCode/${encodeURIComponent(charge)}`, { take: 1 }),
          api.get<{ data: { code: string }[] }>("/ports/getIsActive"),
        ]);
        if (!ports.data.some((p) => p.code.toLowerCase() === origin.toLowerCase())) {
          throw new ApiError(`Port ${origin} was not found.`, 404, null);
        }
        return { title, fixed: { chargeCode: charge, portCodeOrigin: origin } };
      }}
      pendingTitle={title}
      missingTitle="No such charge or port"
      missingText={`Charge ${charge} or origin port ${origin} was not found.`}
    />
  );
}
