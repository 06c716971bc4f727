import { sumAmounts, toCentavos } from "../../../../api/shared/money.ts";
import { chargeAmount } from "../../../../api/modules/master-data/rules.ts";
import {
  type ChargeRow,
  EDITABLE_STATUSES,
  type LaneInput,
  type LaneRow,
  LIST_CAPABILITY,
  salesQuotationFlow,
  type SqAction,
  type SqList,
  SQ_LISTS,
  type SqStatus,
  STATUS_UPDATE_ACTIONS,
} from "./api/contracts.ts";
import { PAGES, pathTo } from "../../lib/paths.ts";

/**
 * The sales-quotation screens' decisions that need no React: which buttons a user sees at a status, where a
 * step returns to, how amounts and lanes read, and what a lane form sends. The server decides the same things
 * again; these only keep the screen from offering what it would refuse.
 */

export interface Viewer {
  userId: string;
  capabilities: readonly string[];
}

export interface QuotationState {
  status: SqStatus;
  /** The quotation's own account executive. */
  userId: string;
}

/** Steps only the quotation's own AE takes (the server refuses them from anyone else). */
const OWNER_STEPS: readonly SqAction[] = ["submit", "moveToDraft", "cancel", "amend"];

/** The order the buttons stand in: forward steps first, the way back and the closing steps last. */
const BUTTON_ORDER: readonly SqAction[] = [
  "submit", "smApprove", "audApprove", "faApprove", "smDeny", "audDeny", "faDeny", "amend", "moveToDraft", "cancel", "deactivate", "archive",
];

const hasCapability = (viewer: Viewer, capability: string) => viewer.capabilities.includes(capability);

/** The actions this viewer may take on the quotation as it stands, in button order. */
export function availableActions(quotation: QuotationState, viewer: Viewer): SqAction[] {
  const actor = { userId: viewer.userId, menus: new Set<string>(), capabilities: new Set(viewer.capabilities) };
  const owner = quotation.userId === viewer.userId;
  return BUTTON_ORDER.filter((action) => {
    const rule = salesQuotationFlow.actions[action];
    if (!rule.from.includes(quotation.status) || !rule.allowed(actor)) return false;
    if (OWNER_STEPS.includes(action) && !owner) return false;
    // A branch manager archives any closed quotation; an AE only their own.
    if (action === "archive" && !owner && !hasCapability(viewer, "SQ_SBM")) return false;
    return true;
  });
}

/** Whether lanes and terms may be changed by this viewer: the owning AE, before submitting or after a denial. */
export function canEditLanes(quotation: QuotationState, viewer: Viewer): boolean {
  return quotation.userId === viewer.userId && hasCapability(viewer, "SQ_AE") && EDITABLE_STATUSES.includes(quotation.status);
}

/** Steps sent as a status update; amend, deactivate and archive have calls of their own. */
export const isStatusUpdate = (action: SqAction): action is (typeof STATUS_UPDATE_ACTIONS)[number] =>
  (STATUS_UPDATE_ACTIONS as readonly string[]).includes(action);

export interface ActionLook {
  label: string;
  intent: "primary" | "success" | "danger" | "warning" | "none";
  /** The remarks dialog's title and its confirming button. */
  title: string;
  confirm: string;
}

export const ACTION_LOOK: Record<SqAction, ActionLook> = {
  submit: { label: "Submit", intent: "primary", title: "Submit for approval", confirm: "Submit" },
  moveToDraft: { label: "Move to draft", intent: "none", title: "Move back to draft", confirm: "Move to draft" },
  cancel: { label: "Cancel quotation", intent: "danger", title: "Cancel the quotation", confirm: "Cancel quotation" },
  smApprove: { label: "Approve", intent: "success", title: "Approve as sales manager", confirm: "Approve" },
  smDeny: { label: "Deny", intent: "danger", title: "Deny as sales manager", confirm: "Deny" },
  audApprove: { label: "Approve", intent: "success", title: "Approve as auditor", confirm: "Approve" },
  audDeny: { label: "Deny", intent: "danger", title: "Deny as auditor", confirm: "Deny" },
  faApprove: { label: "Approve", intent: "success", title: "Approve as finance", confirm: "Approve" },
  faDeny: { label: "Deny", intent: "danger", title: "Deny as finance", confirm: "Deny" },
  amend: { label: "Amend", intent: "primary", title: "Amend the quotation", confirm: "Amend" },
  deactivate: { label: "Deactivate", intent: "warning", title: "Deactivate the quotation", confirm: "Deactivate" },
  archive: { label: "Archive", intent: "none", title: "Put the quotation in the archive", confirm: "Archive" },
  // Taken by the nightly expiry, never offered as a button (BUTTON_ORDER leaves it out).
  expire: { label: "Expire", intent: "warning", title: "Expire the quotation", confirm: "Expire" },
};

export const listPath = (list: SqList) => `${PAGES.salesQuotation}?list=${list}`;

/**
 * The list a step returns to, a second after its notice: the AE's own list for the AE's steps, the approver's
 * queue for an approval, the archive after archiving. An amendment opens the new draft instead.
 */
export function returnPathAfter(action: SqAction, result?: { sqRefNum: string }): string {
  switch (action) {
    case "submit":
    case "moveToDraft":
    case "cancel":
      return PAGES.sqDrafts;
    case "smApprove":
    case "smDeny":
      return listPath("SM");
    case "audApprove":
    case "audDeny":
      return listPath("AUD");
    case "faApprove":
    case "faDeny":
      return listPath("FA");
    case "amend":
      return result ? pathTo(PAGES.sqRead, { sqRefNum: result.sqRefNum }) : PAGES.sqDrafts;
    case "deactivate":
    case "expire":
      return PAGES.salesQuotation;
    case "archive":
      return PAGES.sqArchive;
  }
}

/** The tabs of the home page: the role lists this viewer holds (the archive has a page of its own). */
export function listsOf(viewer: Viewer): SqList[] {
  return SQ_LISTS.filter((list) => list !== "Archive" && hasCapability(viewer, LIST_CAPABILITY[list]));
}

export const LIST_TITLES: Record<SqList, string> = {
  AE: "My quotations (AE)",
  SM: "For approval (SM)",
  AUD: "For audit (AUD)",
  FA: "For finance (FA)",
  SBM: "Branch quotations (SBM)",
  Archive: "Archive",
};

/** A status's colour: waiting steps blue, approvals green, denials red, closed ones grey. */
export function statusIntent(status: SqStatus): "primary" | "success" | "danger" | "warning" | "none" {
  if (status === "FA Approved") return "success";
  if (status.endsWith("Approved") || status === "For Approval") return "primary";
  if (status.endsWith("Denied")) return "danger";
  if (status === "Draft") return "warning";
  return "none";
}

// Amounts ---------------------------------------------------------------------------------------------------

/** A quantity as typed: "2.000" tons reads 2, "1.250" reads 1.25. */
export function formatQuantity(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

// Lanes -----------------------------------------------------------------------------------------------------

/** A charge's place on a lane: a charge may stand at both ends (wharfage at origin and destination). */
export const chargeKey = (charge: Pick<ChargeRow, "chargeCode" | "chargePart">) => `${charge.chargeCode}|${charge.chargePart}`;

/** Requested rates as the form keeps them: the typed text per charge key. */
export type TypedRates = Record<string, string>;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Whether a typed rate is one the server takes (a non-negative amount, at most two decimals). */
export const isRateText = (text: string) => MONEY.test(text.trim());

/** The rates typed on an existing lane, for editing it: only those that differ from the standard. */
export function typedRatesOf(lane: Pick<LaneRow, "charges">): TypedRates {
  const typed: TypedRates = {};
  for (const charge of lane.charges) {
    if (toCents(charge.requestedRate) !== toCents(charge.standardRate)) typed[chargeKey(charge)] = charge.requestedRate;
  }
  return typed;
}

const toCents = (value: string): bigint | null => (isRateText(value) ? toCentavos(value) : null);

/**
 * The requested rates a save sends: a typed, valid rate that differs from the standard, for a charge the
 * priced lane still carries (a rate typed for a charge the lane lost when its ports changed is dropped).
 */
export function requestedRatesFor(charges: readonly ChargeRow[], typed: TypedRates): LaneInput["requestedRates"] {
  return charges.flatMap((charge) => {
    const text = typed[chargeKey(charge)]?.trim() ?? "";
    const cents = toCents(text);
    if (cents === null || cents === toCents(charge.standardRate)) return [];
    return [{ chargeCode: charge.chargeCode, chargePart: charge.chargePart, requestedRate: text }];
  });
}

/**
 * A priced charge with the rate typed for it applied: its amount is that rate × the charge's quantity. The
 * standard rate typed again is no request (requestedRatesFor leaves it out), so the charge keeps its standard
 * amount, as the server prices it: for insurance that is the premium rounded once on all the TEU.
 */
export function withTypedRate(charge: ChargeRow, typed: TypedRates): ChargeRow {
  const text = typed[chargeKey(charge)]?.trim() ?? "";
  if (!isRateText(text)) return charge;
  if (toCents(text) === toCents(charge.standardRate)) return { ...charge, requestedRate: charge.standardRate, amount: charge.standardAmount };
  return { ...charge, requestedRate: chargeAmount(text, "perTeu", 1), amount: chargeAmount(text, charge.rateUnit, charge.quantity) };
}

export function totalsOf(charges: readonly ChargeRow[]): { total: string; standardTotal: string } {
  return { total: sumAmounts(charges.map((c) => c.amount)), standardTotal: sumAmounts(charges.map((c) => c.standardAmount)) };
}

/** One end of a lane as people say it: the area (and province) at a door, the port otherwise. */
function endText(port: string, area: string | null, province: string): string {
  return area ? `${port} · ${area}${province ? ` (${province})` : ""}` : port;
}

export function laneTitle(lane: Pick<LaneRow, "lineNo" | "serviceModeCode" | "originPortCode" | "originAreaCode" | "originProvince" | "destinationPortCode" | "destinationAreaCode" | "destinationProvince">): string {
  const origin = endText(lane.originPortCode, lane.originAreaCode, lane.originProvince);
  const destination = endText(lane.destinationPortCode, lane.destinationAreaCode, lane.destinationProvince);
  return `Lane ${lane.lineNo} · ${lane.serviceModeCode} · ${origin} → ${destination}`;
}

/** The form of a lane: every input as text or a flag, as the dialog holds it. */
export interface LaneForm {
  serviceModeCode: string;
  originPortCode: string;
  destinationPortCode: string;
  originAreaCode: string;
  destinationAreaCode: string;
  teu: string;
  bags: string;
  tons: string;
  isTandem: boolean;
  isOpenVan: boolean;
  withInsurance: boolean;
  termsAndConditions: string;
}

export const EMPTY_LANE: LaneForm = {
  serviceModeCode: "",
  originPortCode: "",
  destinationPortCode: "",
  originAreaCode: "",
  destinationAreaCode: "",
  teu: "1",
  bags: "0",
  tons: "0",
  isTandem: false,
  isOpenVan: false,
  withInsurance: false,
  termsAndConditions: "",
};

export function laneFormOf(lane: LaneRow): LaneForm {
  return {
    serviceModeCode: lane.serviceModeCode,
    originPortCode: lane.originPortCode,
    destinationPortCode: lane.destinationPortCode,
    originAreaCode: lane.originAreaCode ?? "",
    destinationAreaCode: lane.destinationAreaCode ?? "",
    teu: String(lane.teu),
    bags: String(lane.bags),
    tons: formatQuantity(lane.tons),
    isTandem: lane.isTandem,
    isOpenVan: lane.isOpenVan,
    withInsurance: lane.withInsurance,
    termsAndConditions: lane.termsAndConditions,
  };
}

export interface DoorEnds {
  doorOrigin: boolean;
  doorDestination: boolean;
}

/**
 * What the lane form sends. An area only goes with a door end: a port end has none, even if one was chosen
 * before the service mode changed. The province is left to the server, which takes it from the area.
 */
export function laneInputOf(form: LaneForm, doors: DoorEnds, requestedRates: LaneInput["requestedRates"] = []) {
  return {
    serviceModeCode: form.serviceModeCode,
    originPortCode: form.originPortCode,
    destinationPortCode: form.destinationPortCode,
    originAreaCode: doors.doorOrigin && form.originAreaCode ? form.originAreaCode : null,
    destinationAreaCode: doors.doorDestination && form.destinationAreaCode ? form.destinationAreaCode : null,
    originProvince: "",
    destinationProvince: "",
    teu: form.teu.trim(),
    bags: form.bags.trim(),
    tons: form.tons.trim() || "0",
    isTandem: form.isTandem,
    isOpenVan: form.isOpenVan,
    withInsurance: form.withInsurance,
    termsAndConditions: form.termsAndConditions,
    requestedRates,
  };
}

/** What keeps a lane from being priced yet: the pickers still empty, and the area a door end needs. */
export function laneGaps(form: LaneForm, doors: DoorEnds): Partial<Record<keyof LaneForm, string>> {
  const gaps: Partial<Record<keyof LaneForm, string>> = {};
  if (!form.serviceModeCode) gaps.serviceModeCode = "Service mode is required";
  if (!form.originPortCode) gaps.originPortCode = "Origin port is required";
  if (!form.destinationPortCode) gaps.destinationPortCode = "Destination port is required";
  if (form.originPortCode && form.originPortCode === form.destinationPortCode) gaps.destinationPortCode = "The origin and destination ports must differ";
  if (doors.doorOrigin && !form.originAreaCode) gaps.originAreaCode = "A door pick-up needs the origin area";
  if (doors.doorDestination && !form.destinationAreaCode) gaps.destinationAreaCode = "A door delivery needs the destination area";
  return gaps;
}
