/**
 * What master data asks the company's accounting system (BASE) about its own ids: a branch's id, a charge's item
 * code at a branch, a vessel's profit center (000 §7 getBranchIdFromBase, getItemCodeFromBase,
 * getProfitCenterFromBase). The accounting module's connector answers it when BASE is configured; master data
 * keeps what BASE said as its local mirror and answers from that mirror when BASE cannot be asked. Only the
 * shape lives here, below every module, so master data needs no import of the accounting module.
 */

/** BASE knew it, BASE does not know it, or BASE could not be asked (the reason, for the log). */
export type BaseAnswer<T> = { kind: "found"; value: T } | { kind: "unknown" } | { kind: "unreachable"; reason: string };

export interface BaseDirectory {
  branchId(branchCode: string): Promise<BaseAnswer<string>>;
  itemCode(chargeCode: string, branchCode: string): Promise<BaseAnswer<{ itemCode: string; description: string }>>;
  profitCenter(vesselCode: string): Promise<BaseAnswer<string>>;
}
