import type { WriteResult } from "../../../../../api/shared/contracts.ts";
import type { StowageSlot } from "../../../../../api/modules/master-data/schemas.ts";
import { api, requestFile } from "../../../lib/api.ts";
import { loadEveryPage } from "../../../lib/data/paged-list.ts";
import type { StowagePlanRow } from "../../../components/StowageGrid.tsx";
import type { EntityRow } from "./entities.ts";

/** The master-data calls beyond the shared ones of every entity (entities.ts): read screens, scopes, files. */

const ref = (value: string) => encodeURIComponent(value);

// Scopes of the narrowed lists: each answers a 404 when the address names nothing.

export const freightRatesOfCharge = (chargeCode: string) => api.get(`/FreightRates/ReadListByCode/${ref(chargeCode)}`, { take: 1 });
export const portRatesOfCharge = (chargeCode: string) => api.get(`/PortRates/ReadListByCode/${ref(chargeCode)}`);
export const commodityCategory = (categoryCode: string) =>
  api.post<{ data: { code: string; name: string } }>("/CommodityGoods/readCommodityByCategory", { categoryCode });

// Charges

export interface ItemCode {
  branchCode: string;
  itemCode: string;
  description: string;
}

export interface MatrixEntry {
  id: number;
  serviceModeCode: string;
  serviceModeName: string;
  cargoTypeCode: string;
  cargoTypeName: string;
  chargePart: string;
  isRequired: boolean;
  isActive: boolean;
}

export type Charge = EntityRow & { code: string; name: string; itemCodes: (ItemCode & { id: number })[]; servicesMatrix: MatrixEntry[] };

export const readCharge = (code: string) => api.get<{ data: Charge }>(`/Charges/readByCode/${ref(code)}`);

export const saveItemCodes = (charge: Pick<Charge, "code" | "dateModified">, itemCodes: ItemCode[]) =>
  api.put<{ data: (ItemCode & { id: number })[]; charge: { dateModified: string }; message: string }>(
    `/Charges/itemCodes/${ref(charge.code)}`,
    { itemCodes, dateModified: charge.dateModified },
  );

// Vessels and their stowage plans

export interface StowageTemplate {
  id: number;
  code: string;
  name: string;
  rows: number;
  columns: number;
  slots: StowageSlot[];
}

export interface StowagePlanInput {
  vesselCode: string;
  name: string;
  rows: number;
  columns: number;
  slots: StowageSlot[];
}

export const readVessel = (code: string) => api.get<{ data: EntityRow }>(`/Vessels/readByCode/${ref(code)}`);
export const stowagePlansOf = (vesselCode: string) => api.get<{ data: StowagePlanRow[] }>(`/Vessels/stowagePlans/${ref(vesselCode)}`);
export const stowageTemplates = () => api.get<{ data: StowageTemplate[] }>("/Vessels/stowageTemplates");
export const createStowagePlan = (input: StowagePlanInput) => api.post<WriteResult<StowagePlanRow>>("/Vessels/CreateVesselStowagePlan", input);
export const updateStowagePlan = (id: number, input: StowagePlanInput & { dateModified: string | null }) =>
  api.put<WriteResult<StowagePlanRow>>(`/Vessels/updateStowagePlan/${id}`, input);
export const deleteStowagePlan = (id: number) => api.del<WriteResult<{ ids: number[] }>>(`/Vessels/deleteStowagePlan/${id}`);
export const createStowageTemplate = (input: Omit<StowageTemplate, "id">) =>
  api.post<WriteResult<StowageTemplate>>("/Vessels/CreateStowageTemplate", input);

// Container vans

export const setVanCondition = (id: number, condition: string) => api.post<{ message: string }>("/ContainerVans/updateStatus", { id, condition });
export const setVanUsed = (id: number, isUsed: boolean) =>
  api.put<{ message: string }>("/ContainerVans/updateCvIsUsed", [id], { query: { isUsed } });

// Working weeks

/** The weekdays a branch works (0 = Sunday) in the week of `date`, as the calendar computes them. */
export const workingWeekOf = (branchCode: string, date: string) =>
  api.get<{ data: { workSchedule: number[] } }>("/Calendar/workingDays", { BranchCode: branchCode, date });

// Files

/** The server builds the workbook, and only for a role with the Master Data Trucking Download capability. */
export const truckingWorkbook = () => requestFile("/Truckings/download");

/** Every customer, in list order, through the list screen's own load call (for the export). */
export const loadAllCustomers = <T>() => loadEveryPage<T>((skip, take) => api.post("/Customers/load", { skip, take }));
