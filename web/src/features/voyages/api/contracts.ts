/**
 * The one place the voyage screens reach into the API's voyage module (and the route entity of master data)
 * for contracts. Types come over for free; the few values are re-exported here so that, should the module's
 * pure parts move, only this file changes.
 */
export type { ScheduleInput, ScheduleRow } from "../../../../../api/modules/voyages/schedules/schemas.ts";
export { CRO_STATUSES, scheduleInput } from "../../../../../api/modules/voyages/schedules/schemas.ts";
export type {
  DetailInput,
  DetailRow,
  HeaderListRow,
  HeaderRow,
  HeaderWithDetails,
} from "../../../../../api/modules/voyages/vessel-updates/schemas.ts";
export {
  activitiesOf,
  createHeaderBody,
  detailInput,
  detailProblems,
  VESSEL_STATUSES,
} from "../../../../../api/modules/voyages/vessel-updates/schemas.ts";
export { VESSEL_STATUS_ACTIVITIES } from "../../../../../api/shared/reference-lists.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
