import { api, API_BASE, requestFile } from "../../../lib/api.ts";
import type { Picked } from "../../../lib/data/pickers.ts";
import { type BatchRow, type BatchWithBookings, type BookingInput, type BookingListQuery, type BookingRow, type BookingUpdate, type DeliveryListLine, type DeliveryListQuery, type LaneOption, type LaneQuery, type ListResult, type PriceRow, type VoyageRow, type WriteResult } from "./contracts.ts";

/** The staff calls of the booking screens (001 §7 Bookings), and the master data their forms choose from. */

const ref = (value: string) => encodeURIComponent(value);

// Voyage --------------------------------------------------------------------------------------------------

export const readVoyage = (voyageNum: string) => api.get<{ data: VoyageRow }>(`/VoyageSchedules/get/${ref(voyageNum)}`);

// Batches -------------------------------------------------------------------------------------------------

export interface BatchListQuery {
  voyageNum: string;
  skip: number;
  take: number;
  search?: string;
}

export const loadBatches = (query: BatchListQuery) => api.post<ListResult<BatchRow>>("/Bookings/batches/load", query);

export const readBatch = (bookingBatchRef: string) => api.get<{ data: BatchWithBookings }>(`/Bookings/batch/${ref(bookingBatchRef)}`);

/** A batch starts empty: its bookings are added one by one through the booking form. */
export const createBatch = (input: { voyageNum: string; customerCode: string; remarks: string }) =>
  api.post<WriteResult<BatchWithBookings>>("/Bookings/batch", { ...input, bookings: [] });

export const sendLink = (bookingBatchRef: string, email: string) =>
  api.post<WriteResult<BatchRow>>("/Bookings/sendLink", { bookingBatchRef, email });

export const confirmBatch = (bookingBatchRef: string) => api.post<WriteResult<BatchWithBookings>>("/Bookings/confirmBatch", { bookingBatchRef });

export const cloneBatch = (bookingBatchRef: string) => api.post<WriteResult<BatchWithBookings>>("/Bookings/cloneBatch", { bookingBatchRef });

// Bookings ------------------------------------------------------------------------------------------------

export type BookingQuery = Partial<Omit<BookingListQuery, "skip" | "take">> & { skip: number; take: number };

export const loadBookings = (query: BookingQuery) => api.post<ListResult<BookingRow>>("/Bookings/load", query);

export const readBooking = (bookingRef: string) => api.get<{ data: BookingRow }>(`/Bookings/get/${ref(bookingRef)}`);

export const createBooking = (input: BookingInput & { bookingBatchRef: string }) =>
  api.post<WriteResult<BookingRow>>("/Bookings/create", input);

export const updateBooking = (bookingRef: string, input: BookingUpdate) =>
  api.put<WriteResult<BookingRow>>(`/Bookings/update/${ref(bookingRef)}`, input);

export const deleteBooking = (bookingRef: string) => api.del<{ message: string }>(`/Bookings/delete/${ref(bookingRef)}`);

export const confirmBookings = (bookingRefs: string[]) => api.post<WriteResult<BookingRow[]>>("/Bookings/confirm", { bookingRefs });

export const issueAtw = (bookingRefs: string[], truckingCode: string | null, plateNum: string) =>
  api.post<WriteResult<BookingRow[]>>("/Bookings/issueATW", { bookingRefs, truckingCode, plateNum });

export const cloneBookings = (bookingRefs: string[]) => api.post<WriteResult<BookingRow[]>>("/Bookings/clone", { bookingRefs });

export const expireBookings = (bookingRefs: string[]) => api.post<WriteResult<BookingRow[]>>("/Bookings/expire", { bookingRefs });

export const loadLanes = (query: LaneQuery) => api.post<{ data: LaneOption[]; message?: string }>("/Bookings/lanes", query);

export const priceBooking = (input: BookingInput & { voyageNum: string; customerCode: string }) =>
  api.post<{ data: PriceRow }>("/Bookings/price", input);

/** Where the documents are served; opened in a new tab, the session cookie goes along. */
export const atwUrl = (bookingRef: string) => `${API_BASE}/Bookings/atw/${ref(bookingRef)}`;
export const bookingSlipUrl = (bookingRef: string) => `${API_BASE}/Bookings/bookingSlip/${ref(bookingRef)}`;

// Outbound papers ---------------------------------------------------------------------------------------

/** The issued transfer slip and the waybill of a booking whose van has left; null while there is none. */
export const ctsOfBooking = (bookingRef: string) => api.get<{ data: { ctsNum: string } | null }>(`/OutBound/cts/ofBooking/${ref(bookingRef)}`);
export const waybillOfBooking = (bookingRef: string) =>
  api.get<{ data: { wayBillRef: string; status: string } | null }>(`/OutBound/waybill/ofBooking/${ref(bookingRef)}`);

// Master data ---------------------------------------------------------------------------------------------

export type Trucking = Picked<"truckings">;

/** The plates of a trucker as a list: "NBC 1234, NBC 1235" gives both. */
export const platesOf = (trucking: Trucking | undefined): string[] =>
  (trucking?.plateNum ?? "").split(/[,;/]/).map((p) => p.trim()).filter(Boolean);

// Pick-up and inbound delivery lists ----------------------------------------------------------------------

export type DeliveryListResult = ListResult<DeliveryListLine>;

export const loadPickUpList = (query: DeliveryListQuery) => api.post<DeliveryListResult>("/Bookings/pickUpList", query);
export const loadInboundDeliveryList = (query: DeliveryListQuery) => api.post<DeliveryListResult>("/Bookings/inboundDeliveryList", query);

export const pickUpListWorkbook = (query: DeliveryListQuery) => requestFile("/Bookings/pickUpList/download", undefined, { method: "POST", body: query });
export const inboundDeliveryListWorkbook = (query: DeliveryListQuery) =>
  requestFile("/Bookings/inboundDeliveryList/download", undefined, { method: "POST", body: query });
