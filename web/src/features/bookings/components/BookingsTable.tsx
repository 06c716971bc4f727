import { Button, Checkbox, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Document, Edit, EyeOpen, Print, Search, Trash } from "@blueprintjs/icons";
import { Cell, Column, ColumnHeaderCell } from "@blueprintjs/table";
import type { ReactNode } from "react";
import { DataTable } from "../../../components/DataTable.tsx";
import { RowAction, RowActions } from "../../../components/list-cells.tsx";
import {
  addressLine,
  BOOKING_STATUSES,
  type BookingRow,
  type BookingStatus,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  type DeliveryMode,
  EDITABLE_STATUSES,
} from "../api/contracts.ts";
import type { GrowingList } from "../../../lib/data/growing-list.ts";
import { atwUrl, bookingSlipUrl } from "../api/staff.ts";
import { formatAmount } from "../../../lib/format.ts";
import { bookingModesLabel } from "../../../lib/labels.ts";
import { StatusTag } from "./StatusTag.tsx";

export interface BookingFilters {
  status: BookingStatus | "";
  modeOfDelivery: DeliveryMode | "";
  searchText: string;
}

export const NO_FILTERS: BookingFilters = { status: "", modeOfDelivery: "", searchText: "" };

/** Statuses from which the ATW has been issued, so its PDF exists. */
const ATW_DONE: readonly BookingStatus[] = ["ATW Issued", "Outbound CTS Issued", "At Vessel Loaded"];

export function BookingFilterBar({ filters, onChange, shown, total }: {
  filters: BookingFilters;
  onChange: (patch: Partial<BookingFilters>) => void;
  shown: number;
  total: number;
}) {
  return (
    <div className="lading-toolbar" data-testid="bookings-filters">
      <HTMLSelect aria-label="Status filter" value={filters.status} onChange={(e) => onChange({ status: e.currentTarget.value as BookingStatus | "" })}
        data-testid="bookings-filter-status">
        <option value="">All statuses</option>
        {BOOKING_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
      </HTMLSelect>
      <HTMLSelect aria-label="Mode of delivery filter" value={filters.modeOfDelivery}
        onChange={(e) => onChange({ modeOfDelivery: e.currentTarget.value as DeliveryMode | "" })} data-testid="bookings-filter-mode">
        <option value="">All modes of delivery</option>
        {DELIVERY_MODES.map((m) => <option key={m} value={m}>{m} · {DELIVERY_MODE_LABELS[m]}</option>)}
      </HTMLSelect>
      <InputGroup className="lading-search" leftIcon={<Search />} type="search" aria-label="Search bookings"
        placeholder="Search booking ref, consignee, goods, trucker or plate" value={filters.searchText}
        onValueChange={(v) => onChange({ searchText: v })} data-testid="bookings-search" />
      <span className="lading-booking-muted" data-testid="bookings-range">{total === 0 ? "No bookings" : `${shown} of ${total}`}</span>
    </div>
  );
}

export interface BookingsTableProps {
  list: GrowingList<BookingRow>;
  selected: ReadonlySet<string>;
  onSelect: (bookingRefs: string[], on: boolean) => void;
  /** The booking a row action is running on. */
  busyRef: string | null;
  onEdit: (row: BookingRow) => void;
  onDelete: (row: BookingRow) => void;
}

/**
 * The batch's bookings, dense, with a selection column for the bulk actions and each row's own actions. The
 * table is wider than most screens: it scrolls sideways inside its frame, the selection and the booking
 * reference stay on the left and the row's buttons on the right.
 */
export function BookingsTable({ list, selected, onSelect, busyRef, onEdit, onDelete }: BookingsTableProps) {
  const { rows, total, loading } = list;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.bookingRef));
  const someSelected = rows.some((r) => selected.has(r.bookingRef));

  const cell = (render: (row: BookingRow) => ReactNode, options: { interactive?: boolean; numeric?: boolean; tooltip?: (row: BookingRow) => string } = {}) =>
  (index: number) => {
    const row = rows[index];
    return (
      <Cell interactive={options.interactive} tooltip={row && options.tooltip ? options.tooltip(row) : undefined}
        className={[options.numeric ? "lading-booking-numeric" : "", options.interactive ? "lading-actions-cell" : ""].join(" ")}>
        {row ? render(row) : null}
      </Cell>
    );
  };
  const text = (pick: (row: BookingRow) => string, testId?: (row: BookingRow) => string, numeric = false) =>
    cell((row) => <span data-testid={testId?.(row)}>{pick(row)}</span>, { numeric, tooltip: numeric ? undefined : pick });

  const actions = (row: BookingRow) => {
    const busy = busyRef === row.bookingRef;
    const editable = EDITABLE_STATUSES.includes(row.status);
    const atwReady = ATW_DONE.includes(row.status);
    return (
      <RowActions>
        <RowAction icon={editable ? <Edit /> : <EyeOpen />} label={editable ? "Edit" : "View"} hint={editable ? "Edit" : "View (no longer editable)"}
          disabled={busy} onClick={() => onEdit(row)} data-testid={`booking-edit-${row.bookingRef}`} />
        <RowAction icon={<Document />} label="Authority to withdraw" hint={atwReady ? "Authority to withdraw (PDF)" : "The ATW is not issued yet"}
          href={atwUrl(row.bookingRef)} target="_blank" disabled={!atwReady} data-testid={`booking-atw-pdf-${row.bookingRef}`} />
        <RowAction icon={<Print />} label="Booking slip" hint="Booking slip (PDF)" href={bookingSlipUrl(row.bookingRef)} target="_blank"
          data-testid={`booking-slip-pdf-${row.bookingRef}`} />
        <RowAction icon={<Trash />} intent="danger" label="Delete" hint={editable ? "Delete" : "Only a Draft or Sent booking can be deleted"}
          disabled={busy || !editable} onClick={() => onDelete(row)} data-testid={`booking-delete-${row.bookingRef}`} />
      </RowActions>
    );
  };

  const selectHeader = () => (
    <ColumnHeaderCell
      nameRenderer={() => (
        <Checkbox className="lading-booking-check" aria-label="Select every booking shown" checked={allSelected} indeterminate={someSelected && !allSelected}
          disabled={rows.length === 0} onChange={(e) => onSelect(rows.map((r) => r.bookingRef), e.currentTarget.checked)} data-testid="bookings-select-all" />
      )}
    />
  );

  return (
    <>
      <DataTable numRows={rows.length} frozen={2} loading={loading} testId="bookings-table" className="lading-full-controls">
        <Column name="" columnHeaderCellRenderer={selectHeader} cellRenderer={cell((row) => (
          <Checkbox className="lading-booking-check" aria-label={`Select booking ${row.bookingRef}`} checked={selected.has(row.bookingRef)}
            onChange={(e) => onSelect([row.bookingRef], e.currentTarget.checked)} data-testid={`booking-select-${row.bookingRef}`} />
        ), { interactive: true })} />
        <Column name="Booking Ref" cellRenderer={text((r) => r.bookingRef, (r) => `booking-row-${r.bookingRef}`)} />
        <Column name="Status" cellRenderer={cell((r) => <StatusTag status={r.status} testId={`booking-status-${r.bookingRef}`} />)} />
        <Column name="Consignee" cellRenderer={text((r) => r.consigneeName)} />
        <Column name="Destination" cellRenderer={text((r) => r.destinationBranchCode, (r) => `booking-destination-${r.bookingRef}`)} />
        <Column name="Mode" cellRenderer={cell((r) => <span data-testid={`booking-mode-${r.bookingRef}`}>{bookingModesLabel(r.modeOfDelivery, r.modeOfPayment)}</span>, {
          tooltip: (r) => bookingModesLabel(r.modeOfDelivery, r.modeOfPayment),
        })} />
        <Column name="Pick-up date" cellRenderer={text((r) => [r.pickUpDate ?? "", r.pickUpTime].filter(Boolean).join(" "))} />
        <Column name="Pick-up address" cellRenderer={text((r) => addressLine(r.pickUpAddress))} />
        <Column name="Goods" cellRenderer={text((r) => [r.goods, r.packaging].filter(Boolean).join(" · "))} />
        <Column name="Qty" cellRenderer={text((r) => String(r.quantity), undefined, true)} />
        <Column name="TEU" cellRenderer={text((r) => String(r.quantityTeu), undefined, true)} />
        <Column name="Trucker" cellRenderer={text((r) => r.truckerName)} />
        <Column name="Plate" cellRenderer={text((r) => r.plateNum, (r) => `booking-plate-${r.bookingRef}`)} />
        <Column name="Total" cellRenderer={text((r) => formatAmount(r.total), (r) => `booking-total-${r.bookingRef}`, true)} />
        <Column name="Actions" cellRenderer={cell(actions, { interactive: true })} />
      </DataTable>
      {!loading && rows.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title="No bookings" description="No booking of this batch matches; add one with New booking." />
      )}
      {rows.length < total && (
        <Button className="lading-self-start" text={`Load more (${rows.length} of ${total})`} loading={loading} onClick={list.loadMore}
          data-testid="bookings-load-more" />
      )}
    </>
  );
}
