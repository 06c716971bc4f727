import { describe, expect, it } from "vitest";
import type { ChargeRow } from "../../api/modules/sales-quotations/schemas.ts";
import { formatAmount } from "../../api/shared/money.ts";
import {
  availableActions,
  canEditLanes,
  EMPTY_LANE,
  laneGaps,
  laneInputOf,
  listsOf,
  requestedRatesFor,
  returnPathAfter,
  totalsOf,
  typedRatesOf,
  withTypedRate,
} from "../../web/src/features/sales-quotations/rules.ts";

const ae = { userId: "ae1", capabilities: ["SQ_AE"] };
const otherAe = { userId: "ae2", capabilities: ["SQ_AE"] };
const sm = { userId: "sm1", capabilities: ["SQ_SM"] };
const aud = { userId: "aud1", capabilities: ["SQ_AUD"] };
const fa = { userId: "fa1", capabilities: ["SQ_FA"] };
const sbm = { userId: "sbm1", capabilities: ["SQ_SBM"] };

const charge = (over: Partial<ChargeRow> = {}): ChargeRow => ({
  chargeCode: "001",
  chargeName: "Ocean freight",
  chargePart: "FREIGHT",
  rateUnit: "perTeu",
  quantity: "2",
  source: "FREIGHT_RATE",
  standardRate: "20160.00",
  requestedRate: "20160.00",
  standardAmount: "40320.00",
  amount: "40320.00",
  ...over,
});

describe("which steps a user is offered", () => {
  it("gives the owning AE submit and cancel on a draft, and nobody else anything", () => {
    const draft = { status: "Draft" as const, userId: "ae1" };
    expect(availableActions(draft, ae)).toEqual(["submit", "cancel"]);
    expect(availableActions(draft, otherAe)).toEqual([]);
    expect(availableActions(draft, sm)).toEqual([]);
  });

  it("walks the approval chain one role at a time", () => {
    expect(availableActions({ status: "For Approval", userId: "ae1" }, sm)).toEqual(["smApprove", "smDeny"]);
    expect(availableActions({ status: "For Approval", userId: "ae1" }, aud)).toEqual([]);
    expect(availableActions({ status: "For Approval", userId: "ae1" }, ae)).toEqual(["cancel"]);
    expect(availableActions({ status: "SM Approved", userId: "ae1" }, aud)).toEqual(["audApprove", "audDeny"]);
    expect(availableActions({ status: "AUD Approved", userId: "ae1" }, fa)).toEqual(["faApprove", "faDeny"]);
    expect(availableActions({ status: "AUD Approved", userId: "ae1" }, sm)).toEqual([]);
  });

  it("lets a denied quotation go back to its AE, and closes an approved one", () => {
    expect(availableActions({ status: "SM Denied", userId: "ae1" }, ae)).toEqual(["submit", "moveToDraft", "cancel", "archive"]);
    expect(availableActions({ status: "FA Approved", userId: "ae1" }, ae)).toEqual(["amend"]);
    expect(availableActions({ status: "FA Approved", userId: "ae1" }, otherAe)).toEqual([]);
    expect(availableActions({ status: "FA Approved", userId: "ae1" }, fa)).toEqual(["deactivate"]);
    expect(availableActions({ status: "FA Approved", userId: "ae1" }, sbm)).toEqual(["deactivate"]);
    expect(availableActions({ status: "Cancelled", userId: "ae1" }, sbm)).toEqual(["archive"]);
    expect(availableActions({ status: "Cancelled", userId: "ae1" }, otherAe)).toEqual([]);
    expect(availableActions({ status: "Archived", userId: "ae1" }, ae)).toEqual([]);
  });

  it("lets only the owning AE change lanes, and only before submitting or after a denial", () => {
    expect(canEditLanes({ status: "Draft", userId: "ae1" }, ae)).toBe(true);
    expect(canEditLanes({ status: "AUD Denied", userId: "ae1" }, ae)).toBe(true);
    expect(canEditLanes({ status: "For Approval", userId: "ae1" }, ae)).toBe(false);
    expect(canEditLanes({ status: "Draft", userId: "ae1" }, otherAe)).toBe(false);
  });

  it("returns each step to its list, and an amendment to the new draft", () => {
    expect(returnPathAfter("submit")).toBe("/sales_quotation/draft");
    expect(returnPathAfter("smApprove")).toBe("/sales_quotation?list=SM");
    expect(returnPathAfter("audDeny")).toBe("/sales_quotation?list=AUD");
    expect(returnPathAfter("faApprove")).toBe("/sales_quotation?list=FA");
    expect(returnPathAfter("archive")).toBe("/sales_quotation/archive");
    expect(returnPathAfter("amend", { sqRefNum: "SQ-MNL-2026-00002" })).toBe("/sales_quotation/draft/read/SQ-MNL-2026-00002");
  });

  it("shows the lists of the capabilities the role holds, in the spec's order", () => {
    expect(listsOf({ userId: "x", capabilities: ["SQ_FA", "SQ_AE", "SQ_APPROVED_VIEWER"] })).toEqual(["AE", "FA"]);
    expect(listsOf({ userId: "x", capabilities: [] })).toEqual([]);
  });
});

describe("amounts and requested rates", () => {
  it("writes amounts with separators and two decimals, from the text", () => {
    expect(formatAmount("1234567.5")).toBe("1,234,567.50");
    expect(formatAmount("20160.00")).toBe("20,160.00");
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("")).toBe("0.00");
    expect(formatAmount("-950.25")).toBe("-950.25");
    expect(formatAmount("999")).toBe("999.00");
  });

  it("works a typed rate's amount out on the charge's own quantity, the standard amount untouched", () => {
    const typed = { "001|FREIGHT": "18000" };
    const priced = withTypedRate(charge(), typed);
    expect(priced).toMatchObject({ requestedRate: "18000.00", amount: "36000.00", standardAmount: "40320.00" });
    const tons = withTypedRate(charge({ chargeCode: "003", rateUnit: "perTon", quantity: "2.500" }), { "003|FREIGHT": "1000.10" });
    expect(tons.amount).toBe("2500.25");
    // A half-typed rate leaves the priced amount standing.
    expect(withTypedRate(charge(), { "001|FREIGHT": "18000." }).amount).toBe("40320.00");
    expect(totalsOf([priced, charge({ chargeCode: "005", amount: "1008.00", standardAmount: "1008.00" })]))
      .toEqual({ total: "37008.00", standardTotal: "41328.00" });
  });

  it("sends only rates that differ from the standard, for charges the lane still carries", () => {
    const charges = [charge(), charge({ chargeCode: "005", chargePart: "PORT_ORIGIN", standardRate: "504.00" })];
    const typed = { "001|FREIGHT": "19000", "005|PORT_ORIGIN": "504", "006|TRUCKING_ORIGIN": "100", "005|PORT_DESTINATION": "1" };
    expect(requestedRatesFor(charges, typed)).toEqual([{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: "19000" }]);
    expect(requestedRatesFor(charges, { "001|FREIGHT": "abc" })).toEqual([]);
  });

  it("reads back the rates an existing lane asked for", () => {
    expect(typedRatesOf({ charges: [charge({ requestedRate: "19000.00" }), charge({ chargeCode: "005" })] })).toEqual({ "001|FREIGHT": "19000.00" });
  });
});

describe("the lane form", () => {
  const doorToDoor = { doorOrigin: true, doorDestination: true };
  const portToPort = { doorOrigin: false, doorDestination: false };

  it("asks for an area at each door end", () => {
    const form = { ...EMPTY_LANE, serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "CEB" };
    expect(laneGaps(form, doorToDoor)).toEqual({
      originAreaCode: "A door pick-up needs the origin area",
      destinationAreaCode: "A door delivery needs the destination area",
    });
    expect(laneGaps(form, portToPort)).toEqual({});
    expect(laneGaps({ ...form, destinationPortCode: "MNLN" }, portToPort).destinationPortCode).toMatch(/must differ/);
  });

  it("sends an area only with a door end", () => {
    const form = { ...EMPTY_LANE, serviceModeCode: "PTD", originPortCode: "MNLN", destinationPortCode: "CEB", originAreaCode: "MNL-TON", destinationAreaCode: "CEB-CTY" };
    const body = laneInputOf(form, { doorOrigin: false, doorDestination: true });
    expect(body).toMatchObject({ originAreaCode: null, destinationAreaCode: "CEB-CTY", teu: "1", tons: "0", requestedRates: [] });
  });
});
