import "@blueprintjs/table/lib/css/table.css";
import { type ColumnProps, Table } from "@blueprintjs/table";
import { type ReactElement, useRef } from "react";
import { type ColumnLayout, useColumnWidths } from "../../../components/useColumnWidths.ts";

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;

/**
 * A table of a quotation's parts (charges, terms, history): as tall as its rows and as wide as the page, the
 * text columns sharing what the fixed ones leave.
 */
export function DetailTable(props: {
  rows: number;
  layout: ColumnLayout;
  testId?: string;
  redrawOn: readonly unknown[];
  children: ReactElement<ColumnProps> | ReactElement<ColumnProps>[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(box, props.layout);
  return (
    <div ref={box} className="lading-table-box" style={{ height: HEADER_HEIGHT + Math.max(props.rows, 1) * ROW_HEIGHT + 2 }} data-testid={props.testId}>
      <Table numRows={props.rows} defaultRowHeight={ROW_HEIGHT} columnWidths={widths} enableColumnResizing={false} enableRowResizing={false}
        cellRendererDependencies={[...props.redrawOn, widths]}>
        {props.children}
      </Table>
    </div>
  );
}

/** A layout of fixed columns and shared ones, for the tables above. */
export const detailLayout = (columns: ColumnLayout["columns"], minFlexible = 200): ColumnLayout => ({
  columns,
  rowHeader: 30,
  minFlexible,
  initialWidth: 1000,
});
