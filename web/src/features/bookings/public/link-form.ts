import type { AddressValue } from "../../../lib/addresses.ts";
import {
  type CustomerPartInput,
  deliverToDoor,
  isBlankAddress,
  type LinkBooking,
  type LinkSubmitInput,
  PACKAGING_TYPES,
  pickUpAtDoor,
} from "../api/public.ts";

/** What the customer types for one booking: text as typed, turned into the contract's shape on submit. */
export interface BookingForm {
  consigneeName: string;
  consigneeEmail: string;
  consigneeContactNum: string;
  pickUpDate: string;
  pickUpTime: string;
  pickUpAddress: AddressValue;
  pickUpAreaCode: string;
  deliveryAddress: AddressValue;
  deliveryAreaCode: string;
  goods: string;
  packaging: string;
  quantity: string;
  cargoWeight: string;
  declaredValue: string;
  remarks: string;
}

export type FormField = keyof BookingForm;

/** Problems per booking (by its place in the batch), then per field; "" holds what belongs to no field. */
export type BookingProblems = Record<number, Partial<Record<FormField | "", string[]>>>;

// Staff may have filled some of it; zero amounts are the server's "not given" and read better as blanks.
const blankZero = (value: string | number) => (Number(value) === 0 ? "" : String(value));

export function formOf(booking: LinkBooking): BookingForm {
  return {
    consigneeName: booking.consigneeName,
    consigneeEmail: booking.consigneeEmail,
    consigneeContactNum: booking.consigneeContactNum,
    pickUpDate: booking.pickUpDate ?? "",
    pickUpTime: booking.pickUpTime.slice(0, 5),
    pickUpAddress: { ...booking.pickUpAddress },
    pickUpAreaCode: booking.pickUpAreaCode ?? "",
    deliveryAddress: { ...booking.deliveryAddress },
    deliveryAreaCode: booking.deliveryAreaCode ?? "",
    goods: booking.goods,
    packaging: (PACKAGING_TYPES as readonly string[]).includes(booking.packaging) ? booking.packaging : "",
    quantity: blankZero(booking.quantity),
    cargoWeight: blankZero(booking.cargoWeight),
    declaredValue: blankZero(booking.declaredValue),
    remarks: booking.remarks,
  };
}

const emptyParts: AddressValue = { street: "", barangay: "", city: "", province: "", zipCode: "" };

/** One booking as the server takes it. An end the mode does not serve goes out empty, whatever was typed. */
export function inputOf(booking: LinkBooking, form: BookingForm): LinkSubmitInput["bookings"][number] {
  const atDoor = pickUpAtDoor(booking.modeOfDelivery);
  const toDoor = deliverToDoor(booking.modeOfDelivery);
  const quantity = form.quantity.trim();
  return {
    bookingRef: booking.bookingRef,
    consigneeCode: null,
    consigneeName: form.consigneeName.trim(),
    consigneeEmail: form.consigneeEmail.trim(),
    consigneeContactNum: form.consigneeContactNum.trim(),
    pickUpDate: form.pickUpDate || null,
    pickUpTime: form.pickUpTime,
    pickUpAddress: atDoor ? form.pickUpAddress : emptyParts,
    pickUpAreaCode: atDoor && form.pickUpAreaCode ? form.pickUpAreaCode : null,
    deliveryAddress: toDoor ? form.deliveryAddress : emptyParts,
    deliveryAreaCode: toDoor && form.deliveryAreaCode ? form.deliveryAreaCode : null,
    goods: form.goods.trim(),
    packaging: form.packaging as CustomerPartInput["packaging"],
    // checkForms has made sure it is a whole number by now.
    quantity: quantity === "" ? 0 : Number(quantity),
    cargoWeight: form.cargoWeight.trim() || "0",
    declaredValue: form.declaredValue.trim() || "0",
    remarks: form.remarks.trim(),
  };
}

/**
 * The checks worth making before the round trip: a door the mode serves needs its address and area (001 §5).
 * Everything else is left to the server, which answers in the same shape.
 */
export function checkForms(bookings: readonly LinkBooking[], forms: readonly BookingForm[]): BookingProblems {
  const problems: BookingProblems = {};
  bookings.forEach((booking, i) => {
    const form = forms[i];
    const mine: Partial<Record<FormField, string[]>> = {};
    if (pickUpAtDoor(booking.modeOfDelivery)) {
      if (isBlankAddress(form.pickUpAddress)) mine.pickUpAddress = ["Pick-up address is required for a door pick-up"];
      if (!form.pickUpAreaCode) mine.pickUpAreaCode = ["Choose the pick-up area"];
    }
    if (deliverToDoor(booking.modeOfDelivery)) {
      if (isBlankAddress(form.deliveryAddress)) mine.deliveryAddress = ["Delivery address is required for a door delivery"];
      if (!form.deliveryAreaCode) mine.deliveryAreaCode = ["Choose the delivery area"];
    }
    if (form.quantity.trim() !== "" && !/^\d+$/.test(form.quantity.trim())) mine.quantity = ["Quantity must be a whole number"];
    if (Object.keys(mine).length) problems[i] = mine;
  });
  return problems;
}

const FIELDS = new Set<string>([
  "consigneeName", "consigneeEmail", "consigneeContactNum", "pickUpDate", "pickUpTime", "pickUpAddress", "pickUpAreaCode",
  "deliveryAddress", "deliveryAreaCode", "goods", "packaging", "quantity", "cargoWeight", "declaredValue", "remarks",
]);

/**
 * Sorts the server's field errors ("bookings.0.pickUpAddress", "bookings.1.pickUpAddress.zipCode") to their
 * booking and field. Keys that name no booking are returned apart, for the message above the button.
 */
export function sortServerErrors(fieldErrors: Record<string, string>): { problems: BookingProblems; general: string[] } {
  const problems: BookingProblems = {};
  const general: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const found = /^bookings\.(\d+)(?:\.([^.]+))?/.exec(key);
    if (!found) {
      general.push(message);
      continue;
    }
    const index = Number(found[1]);
    const field = found[2] && FIELDS.has(found[2]) ? (found[2] as FormField) : "";
    // A field the form does not show (bookingRef, a code) still belongs to its booking: say which part failed.
    const text = field === "" && found[2] ? `${key.split(".").slice(2).join(".")}: ${message}` : message;
    const mine = (problems[index] ??= {});
    (mine[field] ??= []).push(text);
  }
  return { problems, general };
}
