import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { ApiError } from "../../../lib/api.ts";
import { loadPicker } from "../../../lib/data/pickers.ts";
import { freightRatesOfCharge } from "../api/records.ts";
import { ScopedEntityList } from "../components/ScopedEntityList.tsx";

const CRUMBS = [
  { text: "Master Data", href: PAGES.masterData },
  { text: "Freight rates", href: PAGES.freightRates },
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
        const [, ports] = await Promise.all([freightRatesOfCharge(charge), loadPicker("ports", true)]);
        if (!ports.some((p) => p.code.toLowerCase() === origin.toLowerCase())) {
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
