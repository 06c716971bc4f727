/**
 * The one place the outbound screens reach into the API's outbound module for contracts. Types come over for
 * free; the values are re-exported so that, should the module's pure parts move, only this file changes.
 */
import type { z } from "zod";
import type { ctsCandidateRow, damageLine } from "../../../../../api/modules/outbound/cts/schemas.ts";
import type { chargeLineInput as chargeLineShape, waybillChargeRow } from "../../../../../api/modules/outbound/waybills/schemas.ts";

export type { CtsListQuery, CtsRow, IssueCtsInput } from "../../../../../api/modules/outbound/cts/schemas.ts";
export { cancelCtsBody, ctsListQuery, ctsRow, issueCtsBody } from "../../../../../api/modules/outbound/cts/schemas.ts";
export type { CtsStatus, VanStatus } from "../../../../../api/modules/outbound/cts/rules.ts";
export { CTS_PAGE_SIZE, CTS_STATUSES, DAMAGED, TO_PARTIES, VAN_STATUSES } from "../../../../../api/modules/outbound/cts/rules.ts";
export { DAMAGE_PARTS, DAMAGE_TYPES } from "../../../../../api/shared/reference-lists.ts";
export type { DamagePart, DamageType } from "../../../../../api/shared/reference-lists.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
export type { UpdateWaybillInput, WaybillCandidate, WaybillListQuery, WaybillRow } from "../../../../../api/modules/outbound/waybills/schemas.ts";
export { chargeLineInput, updateWaybillBody, waybillListQuery, waybillRow } from "../../../../../api/modules/outbound/waybills/schemas.ts";
export type { InsurancePolicies, PaymentSide, TotalsLine, WaybillStatus, WaybillTotals } from "../../../../../api/modules/outbound/waybills/rules.ts";
export {
  dangerousCargoProblem,
  insuranceParticulars,
  PAYMENT_SIDE_NAMES,
  paymentSideOf,
  WAYBILL_PAGE_SIZE,
  WAYBILL_STATUSES,
  waybillInsurance,
  waybillTotals,
} from "../../../../../api/modules/outbound/waybills/rules.ts";
export { CHARGE_PARTS, RATE_UNITS, STRIPPING_TYPE_CODES } from "../../../../../api/shared/reference-lists.ts";
export type { RateUnit } from "../../../../../api/shared/reference-lists.ts";
export { chargeAmount } from "../../../../../api/modules/master-data/rules.ts";

// The schemas module names these two shapes without exporting their types.
export type CtsCandidate = z.infer<typeof ctsCandidateRow>;
export type DamageLine = z.infer<typeof damageLine>;
export type ChargeLineInput = z.infer<typeof chargeLineShape>;
export type WaybillChargeRow = z.infer<typeof waybillChargeRow>;
