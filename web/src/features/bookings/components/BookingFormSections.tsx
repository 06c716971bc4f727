import { Checkbox, H6, HTMLSelect, TextArea } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { AddressPicker } from "../../../components/AddressPicker.tsx";
import { FormField, TextField } from "../../../components/FormDialog.tsx";
import {
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  type DeliveryMode,
  deliverToDoor,
  HANDLING_CHOICES,
  type LaneOption,
  PACKAGING_TYPES,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentMode,
  pickUpAtDoor,
  type VoyageRow,
} from "../api/contracts.ts";
import type { Picked } from "../../../lib/data/pickers.ts";
import { platesOf, type Trucking } from "../api/staff.ts";
import { type BookingFormValues, errorOf, type FormErrors, type LiveLanes } from "./useBookingForm.tsx";

type Area = Picked<"areas">;
type Commodity = Picked<"commodities">;

export interface SectionProps {
  values: BookingFormValues;
  set: (patch: Partial<BookingFormValues>) => void;
  errors: FormErrors;
  disabled: boolean;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="lading-booking-section" data-testid={testId}>
      <H6>{title}</H6>
      <div className="lading-booking-grid">{children}</div>
    </section>
  );
}

/** A labelled select of code → text choices, with an empty first choice. */
function SelectField(
  { label, id, value, onChange, choices, empty, required, error, helper, disabled, wide }: {
    label: string;
    id: string;
    value: string;
    onChange: (value: string) => void;
    choices: readonly { value: string; text: string }[];
    empty?: string;
    required?: boolean;
    error?: string;
    helper?: ReactNode;
    disabled?: boolean;
    wide?: boolean;
  },
) {
  return (
    <FormField label={label} id={id} required={required} error={error} helper={helper} className={wide ? "lading-booking-wide" : undefined}>
      <HTMLSelect id={id} fill value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
        {empty !== undefined && <option value="">{empty}</option>}
        {choices.map((c) => <option key={c.value} value={c.value}>{c.text}</option>)}
      </HTMLSelect>
    </FormField>
  );
}

/** A text input of the form, its id doubling as its test id. */
function Text(
  { label, id, value, onChange, error, required, maxLength, type, placeholder, helper, disabled, list }: {
    label: string;
    id: string;
    value: string;
    onChange: (value: string) => void;
    error?: string;
    required?: boolean;
    maxLength?: number;
    type?: string;
    placeholder?: string;
    helper?: ReactNode;
    disabled?: boolean;
    list?: string;
  },
) {
  return (
    <TextField label={label} id={id} value={value} onValueChange={onChange} error={error} required={required} maxLength={maxLength}
      type={type} placeholder={placeholder} helper={helper} disabled={disabled} list={list} data-testid={id} />
  );
}

const laneText = (lane: LaneOption) =>
  `${lane.sqRefNum} · ${lane.serviceModeCode} ${lane.originPortCode} → ${lane.destinationPortCode}` +
  `${lane.originAreaCode || lane.destinationAreaCode ? ` (${lane.originAreaCode ?? "—"} / ${lane.destinationAreaCode ?? "—"})` : ""}` +
  `${lane.isTandem ? " · tandem" : ""} · until ${lane.validUntil.slice(0, 10)}`;

/** Where the cargo goes and how: destination, modes, the handling at each end, tandem, and the lane to price. */
export function ServiceSection({ values, set, errors, disabled, voyage, lanes, onMode }: SectionProps & {
  voyage: VoyageRow;
  lanes: LiveLanes;
  onMode: (mode: DeliveryMode) => void;
}) {
  const choices = HANDLING_CHOICES[values.modeOfDelivery];
  const laneChoices = lanes.lanes.map((l) => ({ value: l.sqdocNum, text: laneText(l) }));
  // A lane chosen earlier that the server no longer offers stays visible rather than silently changing.
  if (values.sqdocNum && !laneChoices.some((c) => c.value === values.sqdocNum)) laneChoices.unshift({ value: values.sqdocNum, text: values.sqdocNum });
  return (
    <Section title="Service" testId="booking-section-service">
      <SelectField label="Destination" id="booking-destination" required empty="Choose a destination…" value={values.destinationBranchCode}
        disabled={disabled} error={errors.destinationBranchCode}
        choices={voyage.destinations.map((d) => ({ value: d.destinationBranchCode, text: `${d.destinationBranchCode} · ${d.destinationBranchName}` }))}
        onChange={(v) => set({ destinationBranchCode: v, deliveryAreaCode: "", sqdocNum: "" })} />
      <SelectField label="Mode of delivery" id="booking-mode-delivery" required value={values.modeOfDelivery} disabled={disabled}
        error={errors.modeOfDelivery} choices={DELIVERY_MODES.map((m) => ({ value: m, text: `${m} · ${DELIVERY_MODE_LABELS[m]}` }))}
        onChange={(v) => onMode(v as DeliveryMode)} />
      <SelectField label="Mode of payment" id="booking-mode-payment" required value={values.modeOfPayment} disabled={disabled}
        error={errors.modeOfPayment} choices={PAYMENT_MODES.map((m) => ({ value: m, text: `${m} · ${PAYMENT_MODE_LABELS[m]}` }))}
        onChange={(v) => set({ modeOfPayment: v as PaymentMode })} />
      {choices.origin.length > 0 && (
        <SelectField label="Origin handling" id="booking-origin-handling" value={values.originHandling} disabled={disabled}
          error={errors.originHandling} empty={`Usual (${choices.origin[0]})`} choices={choices.origin.map((c) => ({ value: c, text: c }))}
          onChange={(v) => set({ originHandling: v })} />
      )}
      {choices.destination.length > 0 && (
        <SelectField label="Destination handling" id="booking-destination-handling" value={values.destinationHandling} disabled={disabled}
          error={errors.destinationHandling} empty={`Usual (${choices.destination[0]})`}
          choices={choices.destination.map((c) => ({ value: c, text: c }))} onChange={(v) => set({ destinationHandling: v })} />
      )}
      <FormField label="Tandem" id="booking-tandem" error={errors.isTandem}>
        <Checkbox id="booking-tandem" label="Two vans on one truck" checked={values.isTandem} disabled={disabled}
          onChange={(e) => set({ isTandem: e.currentTarget.checked })} data-testid="booking-tandem" />
      </FormField>
      <SelectField label="Quotation lane" id="booking-lane" wide value={values.sqdocNum} disabled={disabled || lanes.loading} error={errors.sqdocNum}
        empty={lanes.loading ? "Finding the customer's lanes…" : "Found by the server"} choices={laneChoices}
        helper={lanes.message ?? "Optional: left empty, the customer's lane for these ports and mode is used"}
        onChange={(v) => set({ sqdocNum: v })} />
    </Section>
  );
}

export function ConsigneeSection({ values, set, errors, disabled }: SectionProps) {
  return (
    <Section title="Consignee" testId="booking-section-consignee">
      <Text label="Name" id="booking-consignee-name" value={values.consigneeName} maxLength={200} disabled={disabled}
        error={errors.consigneeName} onChange={(v) => set({ consigneeName: v })} />
      <Text label="E-mail" id="booking-consignee-email" type="email" value={values.consigneeEmail} maxLength={200} disabled={disabled}
        error={errors.consigneeEmail} onChange={(v) => set({ consigneeEmail: v })} />
      <Text label="Contact number" id="booking-consignee-contact" value={values.consigneeContactNum} maxLength={40} disabled={disabled}
        error={errors.consigneeContactNum} onChange={(v) => set({ consigneeContactNum: v })} />
    </Section>
  );
}

const areaChoices = (areas: readonly Area[]) => areas.map((a) => ({ value: a.code, text: `${a.code} · ${a.name}` }));

/** The areas of a branch; every area when none is tied to it, so a branch set up without areas can still book. */
export function areasOf(areas: readonly Area[], branchCode: string): Area[] {
  if (!branchCode) return [];
  const tied = areas.filter((a) => a.branchCode === branchCode);
  return tied.length > 0 ? tied : [...areas];
}

/** Pick-up and delivery: the date and time, and at each end the address and area, required at a door end. */
export function AddressesSection({ values, set, errors, disabled, pickUpAreas, deliveryAreas }: SectionProps & {
  pickUpAreas: readonly Area[];
  deliveryAreas: readonly Area[];
}) {
  const doorPickUp = pickUpAtDoor(values.modeOfDelivery);
  const doorDelivery = deliverToDoor(values.modeOfDelivery);
  const addressError = (field: "pickUpAddress" | "deliveryAddress") => {
    const error = errorOf(errors, field);
    return error ? <div className="lading-booking-error" data-testid={`${field === "pickUpAddress" ? "booking-pickup" : "booking-delivery"}-address-error`}>{error}</div> : null;
  };
  return (
    <>
      <Section title={doorPickUp ? "Pick-up (door)" : "Pick-up"} testId="booking-section-pickup">
        <Text label="Pick-up date" id="booking-pickup-date" type="date" value={values.pickUpDate} disabled={disabled} error={errors.pickUpDate}
          onChange={(v) => set({ pickUpDate: v })} />
        <Text label="Pick-up time" id="booking-pickup-time" type="time" value={values.pickUpTime} disabled={disabled} error={errors.pickUpTime}
          onChange={(v) => set({ pickUpTime: v })} />
        <SelectField label="Pick-up area" id="booking-pickup-area" required={doorPickUp} value={values.pickUpAreaCode} disabled={disabled}
          error={errors.pickUpAreaCode} empty="No area" choices={areaChoices(pickUpAreas)} onChange={(v) => set({ pickUpAreaCode: v })} />
        <div className="lading-booking-wide">
          <div className="lading-booking-address-label">Pick-up address{doorPickUp && <span className="lading-booking-required"> *</span>}</div>
          <AddressPicker idPrefix="booking-pickup" value={values.pickUpAddress} disabled={disabled} onChange={(a) => set({ pickUpAddress: a })} />
          {addressError("pickUpAddress")}
        </div>
      </Section>
      <Section title={doorDelivery ? "Delivery (door)" : "Delivery"} testId="booking-section-delivery">
        <SelectField label="Delivery area" id="booking-delivery-area" required={doorDelivery} value={values.deliveryAreaCode}
          disabled={disabled || !values.destinationBranchCode} error={errors.deliveryAreaCode}
          empty={values.destinationBranchCode ? "No area" : "Choose the destination first"} choices={areaChoices(deliveryAreas)}
          onChange={(v) => set({ deliveryAreaCode: v })} />
        <div className="lading-booking-wide">
          <div className="lading-booking-address-label">Delivery address{doorDelivery && <span className="lading-booking-required"> *</span>}</div>
          <AddressPicker idPrefix="booking-delivery" value={values.deliveryAddress} disabled={disabled} onChange={(a) => set({ deliveryAddress: a })} />
          {addressError("deliveryAddress")}
        </div>
      </Section>
    </>
  );
}

export function CargoSection({ values, set, errors, disabled, commodities }: SectionProps & { commodities: readonly Commodity[] }) {
  return (
    <Section title="Cargo" testId="booking-section-cargo">
      <SelectField label="Commodity" id="booking-commodity" value={values.commodityCode} disabled={disabled} error={errors.commodityCode}
        empty="Not named" choices={commodities.map((c) => ({ value: c.code, text: `${c.code} · ${c.name}` }))}
        onChange={(v) => set({ commodityCode: v })} />
      <Text label="Goods" id="booking-goods" value={values.goods} maxLength={200} disabled={disabled} error={errors.goods}
        onChange={(v) => set({ goods: v })} />
      <SelectField label="Packaging" id="booking-packaging" value={values.packaging} disabled={disabled} error={errors.packaging}
        empty="None" choices={PACKAGING_TYPES.map((p) => ({ value: p, text: p }))} onChange={(v) => set({ packaging: v })} />
      <Text label="Quantity" id="booking-quantity" value={values.quantity} disabled={disabled} error={errors.quantity} placeholder="0"
        onChange={(v) => set({ quantity: v })} />
      <Text label="TEU" id="booking-teu" value={values.quantityTeu} disabled={disabled} error={errors.quantityTeu} placeholder="0"
        onChange={(v) => set({ quantityTeu: v })} />
      <Text label="Weight (tons)" id="booking-weight" value={values.cargoWeight} disabled={disabled} error={errors.cargoWeight} placeholder="0.000"
        onChange={(v) => set({ cargoWeight: v })} />
      <Text label="Declared value" id="booking-declared-value" value={values.declaredValue} disabled={disabled} error={errors.declaredValue}
        placeholder="0.00" onChange={(v) => set({ declaredValue: v })} />
      <FormField label="Container" id="booking-shipper-owned" error={errors.isShipperOwned}>
        <Checkbox id="booking-shipper-owned" label="Shipper-owned container" checked={values.isShipperOwned} disabled={disabled}
          onChange={(e) => set({ isShipperOwned: e.currentTarget.checked })} data-testid="booking-shipper-owned" />
      </FormField>
      {values.isShipperOwned && (
        <Text label="Container number" id="booking-container" required value={values.containerVanNum} maxLength={30} disabled={disabled}
          error={errors.containerVanNum} onChange={(v) => set({ containerVanNum: v.toUpperCase() })} />
      )}
    </Section>
  );
}

/** The truck that collects the cargo; the trucker's plates are offered, the trailer and helper are remembered. */
export function TruckingSection({ values, set, errors, disabled, truckings, originBranchCode }: SectionProps & {
  truckings: readonly Trucking[];
  originBranchCode: string;
}) {
  const serving = truckings.filter((t) => t.branchCodes?.includes(originBranchCode));
  const ordered = serving.length > 0 ? [...serving, ...truckings.filter((t) => !serving.includes(t))] : truckings;
  const plates = platesOf(truckings.find((t) => t.code === values.truckingCode));
  return (
    <Section title="Trucking" testId="booking-section-trucking">
      <SelectField label="Trucker" id="booking-trucker" value={values.truckingCode} disabled={disabled} error={errors.truckingCode}
        empty="Not yet" choices={ordered.map((t) => ({ value: t.code, text: `${t.code} · ${t.name}` }))}
        onChange={(v) => {
          const offered = platesOf(truckings.find((t) => t.code === v));
          set({ truckingCode: v, plateNum: offered.includes(values.plateNum) ? values.plateNum : "" });
        }} />
      <Text label="Plate number" id="booking-plate" value={values.plateNum} maxLength={20} disabled={disabled} error={errors.plateNum}
        list="booking-plate-options" onChange={(v) => set({ plateNum: v.toUpperCase() })} />
      <datalist id="booking-plate-options">
        {plates.map((p) => <option key={p} value={p} />)}
      </datalist>
      <Text label="Trailer number" id="booking-trailer" value={values.trailerNum} maxLength={20} disabled={disabled} error={errors.trailerNum}
        onChange={(v) => set({ trailerNum: v })} />
      <Text label="Helper name" id="booking-helper" value={values.helperName} maxLength={120} disabled={disabled} error={errors.helperName}
        onChange={(v) => set({ helperName: v })} />
    </Section>
  );
}

export function OtherSection({ values, set, errors, disabled }: SectionProps) {
  return (
    <Section title="Remarks and earlier references" testId="booking-section-other">
      <FormField label="Remarks" id="booking-remarks" error={errors.remarks} className="lading-booking-wide">
        <TextArea id="booking-remarks" fill rows={2} maxLength={1000} value={values.remarks} disabled={disabled}
          onChange={(e) => set({ remarks: e.currentTarget.value })} data-testid="booking-remarks" />
      </FormField>
      <Text label="Old booking ref" id="booking-old-booking-ref" value={values.oldBookingRef} maxLength={40} disabled={disabled}
        error={errors.oldBookingRef} helper="Optional" onChange={(v) => set({ oldBookingRef: v })} />
      <Text label="Old waybill ref" id="booking-old-waybill-ref" value={values.oldWaybillRef} maxLength={40} disabled={disabled}
        error={errors.oldWaybillRef} helper="Optional" onChange={(v) => set({ oldWaybillRef: v })} />
    </Section>
  );
}
