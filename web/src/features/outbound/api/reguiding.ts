import { api } from "../../../lib/api.ts";
import type {
  ReguideRow, TransferableBooking, TransferTarget, VesselChangeInput, VoyageTransferInput,
} from "../../../../../api/modules/outbound/reguiding/schemas.ts";
import type { OutboundVoyageRow } from "../../../../../api/modules/outbound/voyage-documents/schemas.ts";

/** The calls of the Reguide dialogs (001 §7 OutBound: reguiding, vessel change, voyage transfer). */

export type { ReguideRow, TransferableBooking, TransferTarget, VesselChangeInput, VoyageTransferInput };

const ref = (value: string) => encodeURIComponent(value);

/** A vessel a voyage may change to (GET /Vessels/getVesselForVesselChange of master data). */
export interface VesselChoice {
  code: string;
  name: string;
  capacityTeu: number;
}

export const loadVesselsForChange = (vesselCode: string) =>
  api.get<{ data: VesselChoice[] }>("/Vessels/getVesselForVesselChange", { vesselCode });

export const changeVessel = (input: VesselChangeInput) =>
  api.put<{ data: OutboundVoyageRow; message: string }>("/OutBound/reguiding/changeVessel", input);

export const loadTransferableBookings = (voyageNum: string) =>
  api.get<{ data: TransferableBooking[]; message?: string }>(`/OutBound/reguiding/bookings/${ref(voyageNum)}`);

export const loadTransferTargets = (voyageNum: string) => api.get<{ data: TransferTarget[] }>(`/OutBound/reguiding/targets/${ref(voyageNum)}`);

export const transferBookings = (input: VoyageTransferInput) =>
  api.put<{ data: { toVoyageNum: string; bookingRefs: string[] }; message: string }>("/OutBound/reguiding/transferVoyage", input);

export const loadReguideHistory = (voyageNum: string) => api.get<{ data: ReguideRow[] }>(`/OutBound/reguiding/history/${ref(voyageNum)}`);
