/**
 * The one place the hustling screens reach into the API's hustling module for contracts. Types come over for
 * free; the values are re-exported so that, should the module's pure parts move, only this file changes.
 */
export type { CreateHustlingInput, HustlingLineRow, HustlingListQuery, HustlingRow, HustlingVoyageRow, UpdateHustlingInput } from "../../../../../api/modules/hustling/schemas.ts";
export type { ToReference } from "../../../../../api/modules/hustling/rules.ts";
export { HUSTLING_PAGE_SIZE, HUSTLING_REDIRECT_MS, TO_REFERENCES } from "../../../../../api/modules/hustling/rules.ts";
export { checkContainerNumber, normalizeContainerNumber } from "../../../../../api/shared/container-numbers.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
