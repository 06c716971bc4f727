import { api, requestFile } from "../../../lib/api.ts";
// Types only: the screens follow the server's contracts without loading zod or server code into the bundle.
import type { DwellTimeQuery, DwellTimeReport } from "../../../../../api/modules/inbound/dwell-time/schemas.ts";
import type { UnpaidWaybillsAnswer, UnpaidWaybillsQuery } from "../../../../../api/modules/inbound/unpaid-waybills/schemas.ts";

/** The calls of the dwell time and unpaid waybills screens (001 §7 InBound). */

export type { DwellTimeQuery, DwellTimeReport, UnpaidWaybillsAnswer, UnpaidWaybillsQuery };

export const dwellTime = (query: DwellTimeQuery) => api.get<DwellTimeReport>("/InBound/dwellTime", { ...query });
// The server builds the workbook from the same filter in its document pool.
export const dwellTimeWorkbook = (query: DwellTimeQuery) => requestFile("/InBound/dwellTime/download", { ...query });

export const unpaidWaybills = (query: UnpaidWaybillsQuery) => api.get<UnpaidWaybillsAnswer>("/InBound/unpaidWaybills", { ...query });
