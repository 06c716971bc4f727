import { portRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { portRatesOfCharge } from "../api/records.ts";
import { ScopedEntityList } from "../components/ScopedEntityList.tsx";

const CRUMBS = [
  { text: "Master Data", href: PAGES.masterData },
  { text: "Port rates", href: PAGES.portRates },
];

/** The port rates of one charge: the list with the charge fixed, so new rates are filed under it. */
export default function PortRateChargePage({ params }: PageProps) {
  const charge = params.chargeCode ?? "";
  const title = `Port rates of charge ${charge}`;
  return (
    <ScopedEntityList
      contract={portRateContract}
      idPrefix="port-rate"
      crumbs={CRUMBS}
      scopeKey={charge}
      resolve={async () => {
        await portRatesOfCharge(charge);
        return { title, fixed: { chargeCode: charge } };
      }}
      pendingTitle={title}
      missingTitle="No such charge"
      missingText={`Charge ${charge} was not found.`}
    />
  );
}
