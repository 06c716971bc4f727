import "./dispatch.css";
import { Column } from "@blueprintjs/table";
import { DataTable } from "../DataTable.tsx";
import { textCells } from "../list-cells.tsx";
import { deliveryModeLabel } from "../../lib/labels.ts";
import type { DispatchLine } from "./contracts.ts";

/** The lines of a dispatch list (001 §3): one row per door booking, picked up (outbound) or delivered (inbound). */
export function DispatchLinesTable({ lines, testId }: { lines: DispatchLine[]; testId: string }) {
  const text = textCells(lines, { tooltip: true });
  return (
    <DataTable numRows={lines.length} frozen={1} rowNumber={(row) => String(row + 1)} testId={testId} className="lading-dispatch-lines">
      <Column name="Booking" cellRenderer={text((l) => l.bookingRef, (l) => `${testId}-booking-${l.bookingRef}`)} />
      <Column name="Booking date" cellRenderer={text((l) => l.bookingDate)} />
      <Column name="Customer" cellRenderer={text((l) => l.customer)} />
      <Column name="Destination" cellRenderer={text((l) => l.destination)} />
      <Column name="Address" cellRenderer={text((l) => l.address, (l) => `${testId}-address-${l.bookingRef}`)} />
      <Column name="Mode of delivery" cellRenderer={text((l) => deliveryModeLabel(l.modeOfDelivery))} />
      <Column name="Remarks" cellRenderer={text((l) => l.remarks, (l) => `${testId}-remarks-${l.bookingRef}`)} />
    </DataTable>
  );
}
