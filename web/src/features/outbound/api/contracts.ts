/**
 * The one place the outbound screens reach into the API's outbound module for contracts. Types come over for
 * free; the values are re-exported so that, should the module's pure parts move, only this file changes.
 */
import type { z } from "zod";
import type { ctsCandidateRow, damageLine } from "../../../../../api/modules/outbound/cts/schemas.ts";

export type { CtsListQuery, CtsRow, IssueCtsInput } from "../../../../../api/modules/outbound/cts/schemas.ts";
export { cancelCtsBody, ctsListQuery, ctsRow, issueCtsBody } from "../../../../../api/modules/outbound/cts/schemas.ts";
export type { CtsStatus, VanStatus } from "../../../../../api/modules/outbound/cts/rules.ts";
export { CTS_PAGE_SIZE, CTS_STATUSES, DAMAGED, TO_PARTIES, VAN_STATUSES } from "../../../../../api/modules/outbound/cts/rules.ts";
export { DAMAGE_PARTS, DAMAGE_TYPES } from "../../../../../api/shared/reference-lists.ts";
export type { DamagePart, DamageType } from "../../../../../api/shared/reference-lists.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";

// The schemas module names these two shapes without exporting their types.
export type CtsCandidate = z.infer<typeof ctsCandidateRow>;
export type DamageLine = z.infer<typeof damageLine>;
