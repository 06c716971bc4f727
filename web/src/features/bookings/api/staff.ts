import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useActiveList } from "../../../lib/active-lists.ts";
import { api, API_BASE, requestFile } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import {
  BOOKING_PAGE_SIZE,
  type BatchRow,
  type BatchWithBookings,
  type BookingInput,
  type BookingListQuery,
  type BookingRow,
  type BookingUpdate,
  type DeliveryListLine,
  type DeliveryListQuery,
  type LaneOption,
  type LaneQuery,
  type ListResult,
  type PriceRow,
  type VoyageRow,
  type WriteResult,
} from "./contracts.ts";

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

// Hooks ---------------------------------------------------------------------------------------------------

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  /** The server's message when the read failed (a batch that does not exist, a voyage not found). */
  error: string | null;
  reload: () => void;
  /** Puts an answer the server already gave in place, without asking again. */
  set: (data: T) => void;
}

/** One record read by key; nothing is asked while the key is null. */
export function useRecord<T>(key: string | null, read: (key: string) => Promise<{ data: T }>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const readNow = useEffectEvent((k: string) => read(k));

  useEffect(() => {
    if (key === null) {
      setData(null);
      setLoading(false);
      setError(null);
      return;
    }
    let live = true;
    setLoading(true);
    readNow(key)
      .then((result) => {
        if (!live) return;
        setData(result.data);
        setError(null);
      })
      .catch((e) => {
        if (!live) return;
        setError(errorText(e));
        notify.error(errorText(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, reloads]);

  return { data, loading, error, reload: useCallback(() => setReloads((n) => n + 1), []), set: setData };
}

export interface GrowingList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  /** Reads the next page (001 §9: the booking lists grow by 50) and appends it. */
  loadMore: () => void;
  /** Reads the list again from the start, as far as it was shown, after a write changed it. */
  reload: () => void;
}

/**
 * A list that grows by "Load more" rather than turning pages. `key` stands for the query: when it changes
 * the list starts again from its first page. A reload keeps as many rows as were shown (up to what one call
 * may take), so an action on row 80 does not snap the list back to 50.
 */
export function useGrowingList<T>(key: string | null, load: (skip: number, take: number) => Promise<ListResult<T>>): GrowingList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [request, setRequest] = useState({ key, skip: 0, take: BOOKING_PAGE_SIZE, append: false, n: 0 });
  const shown = useRef(0);
  shown.current = rows.length;
  const loadNow = useEffectEvent((skip: number, take: number) => load(skip, take));

  // A new query starts over; adjusting during render spares a first load with the old query.
  if (request.key !== key) setRequest({ key, skip: 0, take: BOOKING_PAGE_SIZE, append: false, n: request.n + 1 });

  useEffect(() => {
    if (request.key === null) {
      setRows([]);
      setTotal(0);
      return;
    }
    let live = true;
    setLoading(true);
    loadNow(request.skip, request.take)
      .then((result) => {
        if (!live) return;
        setRows((current) => (request.append ? [...current, ...result.data] : result.data));
        setTotal(result.total);
        // 001 §2: an empty page warns with the server's own message.
        if (result.data.length === 0) notify.warning(result.message ?? "No more data to load");
      })
      .catch((e) => live && notify.error(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [request]);

  const loadMore = useCallback(
    () => setRequest((r) => ({ ...r, skip: shown.current, take: BOOKING_PAGE_SIZE, append: true, n: r.n + 1 })),
    [],
  );
  const reload = useCallback(
    () => setRequest((r) => ({ ...r, skip: 0, take: Math.min(200, Math.max(BOOKING_PAGE_SIZE, shown.current)), append: false, n: r.n + 1 })),
    [],
  );
  return { rows, total, loading, loadMore, reload };
}

/** The value once it has stopped changing for `ms`: typing in a search box asks the server once. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

// Master data ---------------------------------------------------------------------------------------------

export interface Customer {
  code: string;
  company: string;
  customerContactEmail: string;
}
export interface Trucking {
  code: string;
  name: string;
  /** Several plates are written in one text, separated by commas. */
  plateNum: string | null;
  branchCodes?: string[];
}
export interface Area {
  code: string;
  name: string;
  branchCode: string;
}
export interface Commodity {
  code: string;
  name: string;
}

interface Pickers {
  customers: Customer;
  truckings: Trucking;
  areas: Area;
  commodities: Commodity;
}

const PICKER_PATH: Record<keyof Pickers, string> = {
  customers: "/Customers/getIsActive",
  truckings: "/Truckings/getIsActive",
  areas: "/areas/getIsActive",
  commodities: "/CommodityGoods/getIsActive",
};

/**
 * The active records of one resource; empty until they arrive. Reads are shared for a minute
 * (lib/active-lists.ts), because the page remounts on every change of address and the form opens often.
 */
export function usePicker<K extends keyof Pickers>(kind: K, enabled = true): Pickers[K][] {
  return useActiveList<Pickers[K]>(PICKER_PATH[kind], enabled);
}

/** The plates of a trucker as a list: "NBC 1234, NBC 1235" gives both. */
export const platesOf = (trucking: Trucking | undefined): string[] =>
  (trucking?.plateNum ?? "").split(/[,;/]/).map((p) => p.trim()).filter(Boolean);

// Pick-up and inbound delivery lists ----------------------------------------------------------------------

export interface BranchOption {
  code: string;
  name: string;
}

export const activeBranches = () => api.get<{ data: BranchOption[] }>("/Branches/getIsActive");

export type DeliveryListResult = ListResult<DeliveryListLine>;

export const loadPickUpList = (query: DeliveryListQuery) => api.post<DeliveryListResult>("/Bookings/pickUpList", query);
export const loadInboundDeliveryList = (query: DeliveryListQuery) => api.post<DeliveryListResult>("/Bookings/inboundDeliveryList", query);

export const pickUpListWorkbook = (query: DeliveryListQuery) => requestFile("/Bookings/pickUpList/download", undefined, { method: "POST", body: query });
export const inboundDeliveryListWorkbook = (query: DeliveryListQuery) =>
  requestFile("/Bookings/inboundDeliveryList/download", undefined, { method: "POST", body: query });
