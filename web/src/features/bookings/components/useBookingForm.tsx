import { serverMessage } from "../../../lib/api.ts";
import { type AddressValue, emptyAddress } from "../../../lib/addresses.ts";
import {
  bookingInput,
  type BookingInput,
  type BookingRow,
  handlingProblem,
  type DeliveryMode,
  HANDLING_CHOICES,
  isBlankAddress,
  type LaneOption,
  type PaymentMode,
  type PriceRow,
} from "../api/contracts.ts";
import { loadLanes, priceBooking } from "../api/staff.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";

/**
 * The booking form as it is typed (every input a string or a flag), its translation to the API's input and
 * the checks the form makes before it sends; then the two things the form asks the server while it is being
 * filled in: the quotation lanes that may price it and the price itself.
 */

export interface BookingFormValues {
  destinationBranchCode: string;
  modeOfDelivery: DeliveryMode;
  modeOfPayment: PaymentMode;
  originHandling: string;
  destinationHandling: string;
  isTandem: boolean;
  consigneeName: string;
  consigneeEmail: string;
  consigneeContactNum: string;
  pickUpDate: string;
  pickUpTime: string;
  pickUpAddress: AddressValue;
  pickUpAreaCode: string;
  deliveryAddress: AddressValue;
  deliveryAreaCode: string;
  commodityCode: string;
  goods: string;
  packaging: string;
  quantity: string;
  quantityTeu: string;
  cargoWeight: string;
  declaredValue: string;
  isShipperOwned: boolean;
  containerVanNum: string;
  truckingCode: string;
  plateNum: string;
  trailerNum: string;
  helperName: string;
  remarks: string;
  oldBookingRef: string;
  oldWaybillRef: string;
  sqdocNum: string;
}

export type FormErrors = Record<string, string | undefined>;

// 001 §9 release notes: the trailer and the helper are usually the same from one booking to the next.
const REMEMBERED = { trailerNum: "lading.booking.trailerNum", helperName: "lading.booking.helperName" } as const;

function recall(key: keyof typeof REMEMBERED): string {
  try {
    return globalThis.localStorage?.getItem(REMEMBERED[key]) ?? "";
  } catch {
    return "";
  }
}

/** Keeps the trailer number and helper name of a saved booking for the next new one. */
export function remember(values: Pick<BookingFormValues, "trailerNum" | "helperName">): void {
  try {
    for (const key of Object.keys(REMEMBERED) as (keyof typeof REMEMBERED)[]) {
      const value = values[key].trim();
      if (value) globalThis.localStorage?.setItem(REMEMBERED[key], value);
    }
  } catch {
    // Storage may be full or switched off; the prefill is a convenience only.
  }
}

/** A new booking: no destination (001 §5 wants it chosen every time), the remembered trailer and helper. */
export function newBookingValues(): BookingFormValues {
  return {
    destinationBranchCode: "",
    modeOfDelivery: "PTP",
    modeOfPayment: "P",
    originHandling: "",
    destinationHandling: "",
    isTandem: false,
    consigneeName: "",
    consigneeEmail: "",
    consigneeContactNum: "",
    pickUpDate: "",
    pickUpTime: "",
    pickUpAddress: { ...emptyAddress },
    pickUpAreaCode: "",
    deliveryAddress: { ...emptyAddress },
    deliveryAreaCode: "",
    commodityCode: "",
    goods: "",
    packaging: "",
    quantity: "",
    quantityTeu: "",
    cargoWeight: "",
    declaredValue: "",
    isShipperOwned: false,
    containerVanNum: "",
    truckingCode: "",
    plateNum: "",
    trailerNum: recall("trailerNum"),
    helperName: recall("helperName"),
    remarks: "",
    oldBookingRef: "",
    oldWaybillRef: "",
    sqdocNum: "",
  };
}

const numberText = (value: number | string) => (Number(value) === 0 ? "" : String(value));

export function bookingValuesOf(row: BookingRow): BookingFormValues {
  return {
    destinationBranchCode: row.destinationBranchCode,
    modeOfDelivery: row.modeOfDelivery,
    modeOfPayment: row.modeOfPayment,
    originHandling: row.originHandling,
    destinationHandling: row.destinationHandling,
    isTandem: row.isTandem,
    consigneeName: row.consigneeName,
    consigneeEmail: row.consigneeEmail,
    consigneeContactNum: row.consigneeContactNum,
    pickUpDate: row.pickUpDate ?? "",
    pickUpTime: row.pickUpTime,
    pickUpAddress: { ...row.pickUpAddress },
    pickUpAreaCode: row.pickUpAreaCode ?? "",
    deliveryAddress: { ...row.deliveryAddress },
    deliveryAreaCode: row.deliveryAreaCode ?? "",
    commodityCode: row.commodityCode ?? "",
    goods: row.goods,
    packaging: row.packaging,
    quantity: numberText(row.quantity),
    quantityTeu: numberText(row.quantityTeu),
    cargoWeight: numberText(row.cargoWeight),
    declaredValue: numberText(row.declaredValue),
    isShipperOwned: row.isShipperOwned,
    containerVanNum: row.containerVanNum,
    truckingCode: row.truckingCode ?? "",
    plateNum: row.plateNum,
    trailerNum: row.trailerNum,
    helperName: row.helperName,
    remarks: row.remarks,
    oldBookingRef: row.oldBookingRef,
    oldWaybillRef: row.oldWaybillRef,
    sqdocNum: row.sqdocNum ?? "",
  };
}

/** A whole number as typed; anything else becomes NaN, which the contract names as not a whole number. */
const count = (text: string) => (text.trim() === "" ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The values as the contract reads them. The consignee's code and the charges added by hand are not on the
 * form; an edit carries over those of the booking so that saving it does not drop them.
 */
function rawInput(values: BookingFormValues, booking: BookingRow | null) {
  return {
    ...values,
    consigneeCode: booking?.consigneeCode ?? null,
    quantity: count(values.quantity),
    quantityTeu: count(values.quantityTeu),
    commodityCode: values.commodityCode || null,
    truckingCode: values.truckingCode || null,
    pickUpAreaCode: values.pickUpAreaCode || null,
    deliveryAreaCode: values.deliveryAreaCode || null,
    sqdocNum: values.sqdocNum || null,
    pickUpDate: values.pickUpDate || null,
    additionalCharges: (booking?.charges ?? []).filter((c) => c.source === "ADDED").map((c) => ({ chargeCode: c.chargeCode, amount: c.amount })),
  };
}

/** Contract problems keyed as the server keys its field errors (`pickUpAddress.zipCode`). */
function parse(values: BookingFormValues, booking: BookingRow | null): { input: BookingInput | null; errors: Record<string, string> } {
  const parsed = bookingInput.safeParse(rawInput(values, booking));
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { input: null, errors };
}

/**
 * Everything the form checks before saving: the contract, the handling the mode allows, addresses typed as
 * spaces only (001 §5), and the container number of a shipper-owned van.
 */
export function validateBooking(values: BookingFormValues, booking: BookingRow | null): { input: BookingInput | null; errors: Record<string, string> } {
  const { input, errors } = parse(values, booking);
  const handling = handlingProblem(values);
  if (handling) errors[handling.field] ??= handling.message;
  // A door end may stay open while the customer completes it through the link; the server asks for the
  // address and area when the booking is confirmed.
  const typedBlank = (a: BookingFormValues["pickUpAddress"]) => Object.values(a).some((p) => p.length > 0) && isBlankAddress(a);
  if (typedBlank(values.pickUpAddress)) errors.pickUpAddress ??= "The pick-up address is only blank spaces; type the address or leave it empty.";
  if (typedBlank(values.deliveryAddress)) errors.deliveryAddress ??= "The delivery address is only blank spaces; type the address or leave it empty.";
  if (values.isShipperOwned && !values.containerVanNum.trim()) errors.containerVanNum ??= "A shipper-owned container needs its container number";
  return { input: Object.keys(errors).length === 0 ? input : null, errors };
}

/** The handling a mode offers at each end; a choice the new mode does not offer is dropped. */
export function withMode(values: BookingFormValues, mode: DeliveryMode): Partial<BookingFormValues> {
  const choices = HANDLING_CHOICES[mode];
  return {
    modeOfDelivery: mode,
    originHandling: choices.origin.includes(values.originHandling) ? values.originHandling : "",
    destinationHandling: choices.destination.includes(values.destinationHandling) ? values.destinationHandling : "",
    // The lane was found for the old mode.
    sqdocNum: "",
  };
}

/** The first error of a field or of any of its parts (`pickUpAddress` gathers `pickUpAddress.street`). */
export function errorOf(errors: FormErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const prefix = `${field}.`;
  return Object.entries(errors).find(([key, message]) => key.startsWith(prefix) && message)?.[1];
}

// While typing ---------------------------------------------------------------------------------------------

export interface LiveLanes {
  lanes: LaneOption[];
  loading: boolean;
  /** The server's note when no lane fits (no approved quotation for the customer, say). */
  message: string | null;
}

/** The customer's quotation lanes for the chosen destination and mode, read again when either changes. */
export function useLanes(enabled: boolean, voyageNum: string, customerCode: string, destinationBranchCode: string, modeOfDelivery: DeliveryMode): LiveLanes {
  // Why no lane fits is said beside the field, not in a notice.
  const query = { voyageNum, customerCode, destinationBranchCode, modeOfDelivery };
  const read = useRecord(enabled && destinationBranchCode ? JSON.stringify(query) : null, () => loadLanes(query), { quiet: () => true });
  if (read.error !== null && !read.loading) return { lanes: [], loading: false, message: serverMessage(read.error) };
  const answer = read.data;
  const lanes = answer?.data ?? [];
  const message = answer && lanes.length === 0 ? answer.message ?? "No quotation lane fits" : null;
  return { lanes, loading: read.loading, message };
}

export interface LivePrice {
  price: PriceRow | null;
  loading: boolean;
  /** Why there is no price: the server's refusal, or what the form still lacks. */
  problem: { text: string; fromServer: boolean } | null;
}

const PRICE_DELAY_MS = 400;

/**
 * The booking's price as the form stands, asked once typing has paused. An answer that arrives after a later
 * change is dropped, so the panel never shows the price of an older form.
 */
export function useLivePrice(
  enabled: boolean,
  values: BookingFormValues,
  booking: BookingRow | null,
  voyageNum: string,
  customerCode: string,
): LivePrice {
  // Asked once typing has paused; the values are compared by their text, so a new object with the same
  // entries asks nothing. An answer that arrives after a later change is dropped.
  const settled = useDebounced(JSON.stringify(values), PRICE_DELAY_MS);
  const { input } = parse(JSON.parse(settled) as BookingFormValues, booking);
  const priced = useRecord(
    enabled && input ? JSON.stringify([settled, voyageNum, customerCode]) : null,
    () => priceBooking({ ...input!, voyageNum, customerCode }).then((r) => r.data),
    { quiet: () => true },
  );
  if (!enabled) return { price: null, loading: false, problem: null };
  if (!values.destinationBranchCode) {
    return { price: null, loading: false, problem: { text: "Choose the destination to see the price.", fromServer: false } };
  }
  const now = parse(values, booking);
  if (!now.input) return { price: null, loading: false, problem: { text: `The price waits for the form: ${Object.values(now.errors)[0]}`, fromServer: false } };
  // The server's refusal is said in the panel, not in a notice.
  if (priced.error !== null && !priced.loading) return { price: null, loading: false, problem: { text: serverMessage(priced.error), fromServer: true } };
  return { price: priced.data, loading: priced.loading, problem: null };
}
