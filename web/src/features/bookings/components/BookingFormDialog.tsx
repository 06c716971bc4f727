import { Callout } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { FormDialog } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { useUnsavedChanges } from "../../../lib/leave-guard.ts";
import { type BatchRow, type BookingRow, type DeliveryMode, EDITABLE_STATUSES, serviceRemarks, type VoyageRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { createBooking, updateBooking } from "../api/staff.ts";
import {
  AddressesSection,
  areasOf,
  CargoSection,
  ConsigneeSection,
  OtherSection,
  ServiceSection,
  TruckingSection,
} from "./BookingFormSections.tsx";
import { OutboundPapers } from "./OutboundPapers.tsx";
import { PricePanel } from "./PricePanel.tsx";
import {
  type BookingFormValues,
  bookingValuesOf,
  type FormErrors,
  newBookingValues,
  remember,
  useLanes,
  useLivePrice,
  validateBooking,
  withMode,
} from "./useBookingForm.tsx";

/** The input an error key points at, for focusing the first problem. */
const FIELD_INPUT: Record<string, string> = {
  destinationBranchCode: "booking-destination",
  modeOfDelivery: "booking-mode-delivery",
  modeOfPayment: "booking-mode-payment",
  originHandling: "booking-origin-handling",
  destinationHandling: "booking-destination-handling",
  isTandem: "booking-tandem",
  sqdocNum: "booking-lane",
  consigneeName: "booking-consignee-name",
  consigneeEmail: "booking-consignee-email",
  consigneeContactNum: "booking-consignee-contact",
  pickUpDate: "booking-pickup-date",
  pickUpTime: "booking-pickup-time",
  pickUpAreaCode: "booking-pickup-area",
  pickUpAddress: "booking-pickup-street",
  deliveryAreaCode: "booking-delivery-area",
  deliveryAddress: "booking-delivery-street",
  commodityCode: "booking-commodity",
  goods: "booking-goods",
  packaging: "booking-packaging",
  quantity: "booking-quantity",
  quantityTeu: "booking-teu",
  cargoWeight: "booking-weight",
  declaredValue: "booking-declared-value",
  isShipperOwned: "booking-shipper-owned",
  containerVanNum: "booking-container",
  truckingCode: "booking-trucker",
  plateNum: "booking-plate",
  trailerNum: "booking-trailer",
  helperName: "booking-helper",
  remarks: "booking-remarks",
  oldBookingRef: "booking-old-booking-ref",
  oldWaybillRef: "booking-old-waybill-ref",
};

const inputOf = (key: string) => FIELD_INPUT[key] ?? FIELD_INPUT[key.split(".")[0]];

export interface BookingFormDialogProps {
  isOpen: boolean;
  batch: BatchRow;
  voyage: VoyageRow;
  /** The booking to change; null adds a new one to the batch. */
  booking: BookingRow | null;
  onClose: () => void;
  onSaved: (row: BookingRow) => void;
}

/**
 * One booking of a batch, new or edited: service, consignee, pick-up and delivery, cargo, trucking, remarks,
 * with its price worked out by the server as the form is filled in. The form checks what it can before
 * sending; the server's field errors come back under the same fields.
 */
export function BookingFormDialog({ isOpen, batch, voyage, booking, onClose, onSaved }: BookingFormDialogProps) {
  const areas = usePicker("areas", { enabled: isOpen });
  const truckings = usePicker("truckings", { enabled: isOpen });
  const commodities = usePicker("commodities", { enabled: isOpen });
  const [values, setValues] = useState<BookingFormValues>(newBookingValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [dirty, setDirty] = useState(false);
  const { saving, save } = useFormSave();
  useUnsavedChanges(isOpen && dirty);

  useEffect(() => {
    if (!isOpen) return;
    setValues(booking ? bookingValuesOf(booking) : newBookingValues());
    setErrors({});
    setDirty(false);
  }, [isOpen, booking]);

  const editable = booking === null || EDITABLE_STATUSES.includes(booking.status);
  const lanes = useLanes(isOpen && editable, batch.voyageNum, batch.customerCode, values.destinationBranchCode, values.modeOfDelivery);
  const asked = useLivePrice(isOpen && editable, values, booking, batch.voyageNum, batch.customerCode);
  // A booking past editing keeps the price it was saved with; nothing is asked again.
  const live = editable || !booking ? asked : {
    loading: false,
    problem: null,
    price: {
      sqRefNum: booking.sqRefNum ?? "—",
      sqdocNum: booking.sqdocNum ?? "—",
      charges: booking.charges,
      insurancePremium: booking.insurancePremium,
      serviceRemarks: booking.serviceRemarks,
      total: booking.total,
    },
  };
  const pickUpAreas = useMemo(() => areasOf(areas, voyage.originBranchCode), [areas, voyage.originBranchCode]);
  const deliveryAreas = useMemo(() => areasOf(areas, values.destinationBranchCode), [areas, values.destinationBranchCode]);
  const localRemarks = serviceRemarks({ ...values, isBackLoad: false });

  const set = (patch: Partial<BookingFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    const touched = Object.keys(patch);
    // An address's errors are keyed by its parts (pickUpAddress.zipCode); changing the address clears them all.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !touched.some((t) => key === t || key.startsWith(`${t}.`)))));
    setDirty(true);
  };
  const onMode = (mode: DeliveryMode) => set(withMode(values, mode));

  const focusFirst = (keys: string[]) => {
    const first = keys.map(inputOf).find(Boolean);
    if (first) focusSoon(first);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    const { input, errors: local } = validateBooking(values, booking);
    if (!input) {
      setErrors(local);
      focusFirst(Object.keys(local));
      return;
    }
    await save(
      () => (booking
        // An edit carries the booking as it was read, so a change made meanwhile is not overwritten (409).
        ? updateBooking(booking.bookingRef, { ...input, dateModified: booking.dateModified })
        : createBooking({ ...input, bookingBatchRef: batch.bookingBatchRef })),
      {
        onSaved: (result) => {
          remember(values);
          setDirty(false);
          onSaved(result.data);
        },
        onFieldErrors: (fieldErrors) => {
          setErrors(fieldErrors);
          focusFirst(Object.keys(fieldErrors));
        },
      },
    );
  };

  const common = { values, set, errors, disabled: saving || !editable };
  return (
    <FormDialog
      isOpen={isOpen}
      title={booking ? `Booking ${booking.bookingRef} · ${booking.status}` : `New booking · batch ${batch.bookingBatchRef}`}
      className="lading-booking-form-dialog lading-full-controls"
      saving={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      formTestId="booking-form"
      saveTestId="booking-save"
      saveDisabled={!editable}
    >
      {!editable && booking && (
        <Callout compact intent="warning" className="lading-booking-form-note" data-testid="booking-not-editable">
          A booking that is {booking.status} can no longer be changed here.
        </Callout>
      )}
      {isOpen && booking && <OutboundPapers bookingRef={booking.bookingRef} status={booking.status} />}
      <div className="lading-booking-form">
        <div className="lading-booking-form-fields">
          <ServiceSection {...common} voyage={voyage} lanes={lanes} onMode={onMode} />
          <ConsigneeSection {...common} />
          <AddressesSection {...common} pickUpAreas={pickUpAreas} deliveryAreas={deliveryAreas} />
          <CargoSection {...common} commodities={commodities} />
          <TruckingSection {...common} truckings={truckings} originBranchCode={voyage.originBranchCode} />
          <OtherSection {...common} />
        </div>
        <PricePanel live={live} localRemarks={localRemarks} />
      </div>
    </FormDialog>
  );
}
