import { Callout, Card, FormGroup, H5, HTMLSelect, InputGroup, Tag, TextArea } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { AddressPicker } from "../../../components/AddressPicker.tsx";
import {
  DELIVERY_MODE_LABELS,
  deliverToDoor,
  type LinkBooking,
  type LinkView,
  PACKAGING_TYPES,
  PAYMENT_MODE_LABELS,
  pickUpAtDoor,
} from "../api/public.ts";
import type { BookingForm, BookingProblems, FormField } from "./link-form.ts";

interface Props {
  booking: LinkBooking;
  form: BookingForm;
  problems: BookingProblems[number] | undefined;
  pickUpAreas: LinkView["pickUpAreas"];
  deliveryAreas: LinkView["deliveryAreas"];
  disabled: boolean;
  onChange: (patch: Partial<BookingForm>) => void;
}

/** One booking of the batch: what staff set (destination, modes) and the part the customer completes. */
export function LinkBookingCard({ booking, form, problems, pickUpAreas, deliveryAreas, disabled, onChange }: Props) {
  const ref = booking.bookingRef;
  const atDoor = pickUpAtDoor(booking.modeOfDelivery);
  const toDoor = deliverToDoor(booking.modeOfDelivery);
  // Only the areas the booking's destination branch serves can receive it.
  const destinationAreas = deliveryAreas.filter((area) => area.branchCode === booking.destinationBranchCode);

  const problem = (field: FormField) => problems?.[field];

  /** A labelled input with its problems beneath it, in red. */
  const field = (name: FormField, label: string, input: ReactNode, options: { wide?: boolean; required?: boolean } = {}) => {
    const messages = problem(name);
    return (
      <FormGroup
        label={label}
        labelFor={`link-${name}-${ref}`}
        labelInfo={options.required ? "(required)" : undefined}
        intent={messages ? "danger" : "none"}
        helperText={messages && <span data-testid={`link-field-error-${ref}-${name}`}>{messages.join(" ")}</span>}
        className={options.wide ? "lading-link-wide" : undefined}
      >
        {input}
      </FormGroup>
    );
  };

  const text = (name: FormField, label: string, testId: string, extra: Partial<React.ComponentProps<typeof InputGroup>> = {}) =>
    field(
      name,
      label,
      <InputGroup
        id={`link-${name}-${ref}`}
        value={form[name] as string}
        onValueChange={(value) => onChange({ [name]: value })}
        intent={problem(name) ? "danger" : "none"}
        disabled={disabled}
        data-testid={testId}
        {...extra}
      />,
    );

  const areaSelect = (name: "pickUpAreaCode" | "deliveryAreaCode", label: string, areas: { code: string; name: string }[], testId: string) =>
    field(
      name,
      label,
      <HTMLSelect
        id={`link-${name}-${ref}`}
        fill
        value={form[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
        disabled={disabled}
        data-testid={testId}
        options={[{ value: "", label: areas.length ? "Choose an area" : "No area available" }, ...areas.map((a) => ({ value: a.code, label: a.name }))]}
      />,
      { required: true },
    );

  const addressProblems = (name: "pickUpAddress" | "deliveryAddress") => {
    const messages = problem(name);
    return messages && (
      <Callout intent="danger" compact className="lading-link-address-error" data-testid={`link-field-error-${ref}-${name}`}>
        {messages.join(" ")}
      </Callout>
    );
  };

  const leftover = problems?.[""];

  return (
    <Card className="lading-link-booking" data-testid={`link-booking-${ref}`}>
      <header className="lading-link-booking-head">
        <H5 className="lading-link-booking-ref" data-testid={`link-booking-ref-${ref}`}>{ref}</H5>
        <div className="lading-tag-row">
          <Tag minimal intent="primary" data-testid={`link-delivery-mode-${ref}`}>{DELIVERY_MODE_LABELS[booking.modeOfDelivery]}</Tag>
          <Tag minimal data-testid={`link-payment-mode-${ref}`}>{PAYMENT_MODE_LABELS[booking.modeOfPayment]}</Tag>
        </div>
      </header>
      <p className="lading-link-destination">
        To <strong data-testid={`link-destination-${ref}`}>{booking.destinationName || booking.destinationBranchCode}</strong>
      </p>

      {leftover && (
        <Callout intent="danger" compact className="lading-link-address-error" data-testid={`link-booking-errors-${ref}`}>
          {leftover.map((message) => <div key={message}>{message}</div>)}
        </Callout>
      )}

      <fieldset className="lading-link-section" disabled={disabled}>
        <legend>Consignee</legend>
        <div className="lading-link-grid">
          {text("consigneeName", "Name", `link-consignee-${ref}`, { autoComplete: "name" })}
          {text("consigneeEmail", "E-mail", `link-email-${ref}`, { type: "email", inputMode: "email", autoComplete: "email" })}
          {text("consigneeContactNum", "Contact number", `link-contact-${ref}`, { type: "tel", inputMode: "tel", autoComplete: "tel" })}
        </div>
      </fieldset>

      <fieldset className="lading-link-section" disabled={disabled}>
        <legend>Pick-up</legend>
        <div className="lading-link-grid">
          {text("pickUpDate", "Pick-up date", `link-pickup-date-${ref}`, { type: "date" })}
          {text("pickUpTime", "Pick-up time", `link-pickup-time-${ref}`, { type: "time" })}
          {atDoor && areaSelect("pickUpAreaCode", "Pick-up area", pickUpAreas, `link-pickup-area-${ref}`)}
        </div>
        {atDoor && (
          <div className="lading-link-address" data-testid={`link-pickup-address-${ref}`}>
            <div className="lading-link-address-title">Pick-up address <span className="bp6-text-muted">(required)</span></div>
            <AddressPicker
              idPrefix={`link-pickup-${ref}`}
              value={form.pickUpAddress}
              onChange={(pickUpAddress) => onChange({ pickUpAddress })}
              disabled={disabled}
            />
            {addressProblems("pickUpAddress")}
          </div>
        )}
      </fieldset>

      {toDoor && (
        <fieldset className="lading-link-section" disabled={disabled}>
          <legend>Delivery</legend>
          <div className="lading-link-grid">
            {areaSelect("deliveryAreaCode", "Delivery area", destinationAreas, `link-delivery-area-${ref}`)}
          </div>
          <div className="lading-link-address" data-testid={`link-delivery-address-${ref}`}>
            <div className="lading-link-address-title">Delivery address <span className="bp6-text-muted">(required)</span></div>
            <AddressPicker
              idPrefix={`link-delivery-${ref}`}
              value={form.deliveryAddress}
              onChange={(deliveryAddress) => onChange({ deliveryAddress })}
              disabled={disabled}
            />
            {addressProblems("deliveryAddress")}
          </div>
        </fieldset>
      )}

      <fieldset className="lading-link-section" disabled={disabled}>
        <legend>Cargo</legend>
        <div className="lading-link-grid">
          {text("goods", "Goods", `link-goods-${ref}`)}
          {field(
            "packaging",
            "Packaging",
            <HTMLSelect
              id={`link-packaging-${ref}`}
              fill
              value={form.packaging}
              onChange={(event) => onChange({ packaging: event.target.value })}
              disabled={disabled}
              data-testid={`link-packaging-${ref}`}
              options={[{ value: "", label: "Choose packaging" }, ...PACKAGING_TYPES]}
            />,
          )}
          {text("quantity", "Quantity", `link-quantity-${ref}`, { inputMode: "numeric" })}
          {text("cargoWeight", "Weight (kg)", `link-weight-${ref}`, { inputMode: "decimal" })}
          {text("declaredValue", "Declared value (PHP)", `link-declared-value-${ref}`, { inputMode: "decimal" })}
        </div>
        {field(
          "remarks",
          "Remarks",
          <TextArea
            id={`link-remarks-${ref}`}
            fill
            autoResize
            value={form.remarks}
            onChange={(event) => onChange({ remarks: event.target.value })}
            intent={problem("remarks") ? "danger" : "none"}
            disabled={disabled}
            data-testid={`link-remarks-${ref}`}
          />,
          { wide: true },
        )}
      </fieldset>
    </Card>
  );
}
