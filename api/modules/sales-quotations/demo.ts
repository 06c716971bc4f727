import type { Db } from "../../../db/client.ts";
import type { DemoContext } from "../manifest.ts";
import { insertLanes } from "./lanes.ts";
import { createQuotationBody, laneInput } from "./schemas.ts";
import { createQuotation, updateStatus } from "./service.ts";
import type { SqAction } from "./workflow.ts";

const PTP = (originPortCode: string, destinationPortCode: string) => ({ serviceModeCode: "PTP", originPortCode, destinationPortCode, teu: 1 });
/** Door to door from Quezon City to Mandaue, insured: the trucking, back-load and insurance parts all show. */
const DTD_MANILA_CEBU = { serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "CEB", originAreaCode: "MNL-QC", destinationAreaCode: "CEB-MAN", teu: 1, withInsurance: true };

/** The approval chain as far as each quotation goes, each step by the person whose step it is. */
const CHAIN: [SqAction, "ae" | "sm" | "aud" | "fa"][] = [["submit", "ae"], ["smApprove", "sm"], ["audApprove", "aud"], ["faApprove", "fa"]];

/**
 * The demo quotations, drafted by the demo AE and taken along the chain to `status`: two approved by finance
 * (the bookings of the demo are priced from the first), and one waiting at each step, one denied, one draft.
 */
export const DEMO_QUOTATIONS = [
  { customerCode: "CUS-001", status: "FA Approved", lanes: [PTP("MNLN", "CEB"), DTD_MANILA_CEBU] },
  { customerCode: "CUS-004", status: "FA Approved", lanes: [PTP("MNLN", "CEB"), PTP("MNLN", "DVO")] },
  { customerCode: "CUS-005", status: "AUD Approved", lanes: [PTP("MNLN", "DVO")] },
  { customerCode: "CUS-002", status: "SM Approved", lanes: [PTP("MNLN", "CGY")] },
  { customerCode: "CUS-003", status: "For Approval", lanes: [PTP("BTG", "CEB")] },
  { customerCode: "CUS-006", branchCode: "CEB", status: "SM Denied", lanes: [PTP("CEB", "MNLN")] },
  { customerCode: "CUS-004", status: "Draft", lanes: [PTP("MNLN", "ILO")] },
] as const;

const STEPS: Record<(typeof DEMO_QUOTATIONS)[number]["status"], number> = {
  "Draft": 0, "For Approval": 1, "SM Approved": 2, "SM Denied": 1, "AUD Approved": 3, "FA Approved": 4,
};

export async function seedDemoQuotations(db: Db, { people }: DemoContext): Promise<Record<string, number>> {
  let lanes = 0;
  for (const q of DEMO_QUOTATIONS) {
    const { data } = await createQuotation(db, people.ae, createQuotationBody.parse({
      customerCode: q.customerCode, cargoTypeCode: "DRY", branchCode: "branchCode" in q ? q.branchCode : undefined,
    }));
    await insertLanes(db, people.ae, data.sqRefNum, q.lanes.map((lane) => laneInput.parse(lane)));
    lanes += q.lanes.length;
    for (const [action, who] of CHAIN.slice(0, STEPS[q.status])) await updateStatus(db, people[who], data.id, action, "");
    if (q.status === "SM Denied") await updateStatus(db, people.sm, data.id, "smDeny", "Freight to Manila is below the floor; quote the July rate.");
  }
  return { quotations: DEMO_QUOTATIONS.length, quotationLanes: lanes };
}
