import { Button } from "@blueprintjs/core";
import { EyeOpen } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

/** Where one charge is shown with its item codes and matrix entries. */
export const chargeReadPath = (code: string) => `/master_data/charges/read/${encodeURIComponent(code)}`;

export default function ChargesPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={chargeContract}
      title="Charges"
      idPrefix="charge"
      crumbs={[{ text: "Master Data", href: "/master_data" }]}
      actionsWidth={350}
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <Button icon={<EyeOpen />} text="View" aria-label={`View charge ${code}`} disabled={busy}
            onClick={() => navigate(chargeReadPath(code))} data-testid={`charge-view-${code}`} />
        );
      }}
    />
  );
}
