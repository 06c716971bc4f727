/**
 * The dispatch screen's reach into the API for contracts: dispatch lists are one record kind for both directions
 * (api/modules/outbound/dispatch, where they start, with the inbound side routed under /InBound/dispatch), so the
 * outbound pick-up lists and the inbound delivery lists are read and written with the same types.
 */
import type { DispatchRow } from "../../../../api/modules/outbound/dispatch/schemas.ts";

export type { DispatchRow };
export { DISPATCH_PAGE_SIZE } from "../../../../api/modules/outbound/dispatch/rules.ts";
export type { ListResult, WriteResult } from "../../../../api/shared/contracts.ts";
export type DispatchLine = DispatchRow["lines"][number];

/** The lists shown: those in work (draft and sent) or the archive. */
export type DispatchView = "current" | "archive";

export interface DispatchQuery {
  skip: number;
  take: number;
  view: DispatchView;
  search?: string;
}

/** What a new list of the voyage would carry now, and the branch it would go to. */
export interface DispatchPreview {
  data: DispatchLine[];
  branchCode: string;
  message?: string;
}
