/**
 * The one place the booking screens (staff and public) reach into the API's bookings module for contracts.
 * Types come over for free; the values are re-exported so that, should the module's pure parts move, only
 * this file changes.
 */
import type { z } from "zod";
import type { laneOption, priceRow } from "../../../../../api/modules/bookings/schemas.ts";

export type {
  AddressInput,
  BatchRow,
  BatchWithBookings,
  BookingChargeRow,
  BookingInput,
  BookingListQuery,
  BookingRow,
  BookingUpdate,
  CreateBatchInput,
  CustomerPartInput,
  DeliveryListLine,
  DeliveryListQuery,
  LaneQuery,
  LinkSubmitInput,
  LinkView,
  TrackingView,
  TruckerView,
} from "../../../../../api/modules/bookings/schemas.ts";
export {
  addBookingBody,
  addressInput,
  batchListQuery,
  batchRow,
  batchWithBookings,
  bookingInput,
  bookingListQuery,
  bookingRow,
  bookingUpdate,
  chargeRow,
  createBatchBody,
  customerPartInput,
  deliveryListLine,
  deliveryListQuery,
  issueAtwBody,
  laneOption,
  laneQuery,
  linkSubmitBody,
  linkView,
  priceBody,
  priceRow,
  sendLinkBody,
  trackingParam,
  trackingView,
  truckerView,
} from "../../../../../api/modules/bookings/schemas.ts";

// The schemas module names these two shapes without exporting their types.
export type LaneOption = z.infer<typeof laneOption>;
export type PriceRow = z.infer<typeof priceRow>;

export type {
  AddressParts,
  BatchAction,
  BatchStatus,
  BookingAction,
  BookingStatus,
  DeliveryMode,
  PaymentMode,
  RemarksInput,
} from "../../../../../api/modules/bookings/rules.ts";
export {
  addressLine,
  BATCH_STATUSES,
  batchWorkflow,
  BOOKING_PAGE_SIZE,
  BOOKING_STATUSES,
  bookingWorkflow,
  CARGO_STAGES,
  handlingProblem,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  deliverToDoor,
  EDITABLE_STATUSES,
  HANDLING_CHOICES,
  isBlankAddress,
  LINK_VALID_DAYS,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  pickUpAtDoor,
  serviceRemarks,
} from "../../../../../api/modules/bookings/rules.ts";

export { PACKAGING_TYPES } from "../../../../../api/shared/reference-lists.ts";
export type { ScheduleRow as VoyageRow } from "../../../../../api/modules/voyages/schedules/schemas.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
