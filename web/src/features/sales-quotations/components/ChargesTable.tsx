import { InputGroup } from "@blueprintjs/core";
import { Cell, Column } from "@blueprintjs/table";
import type { ReactNode } from "react";
import type { ChargeRow } from "../api/contracts.ts";
import { formatAmount } from "../../../lib/format.ts";
import { chargeKey, formatQuantity, isRateText, type TypedRates } from "../rules.ts";
import { rateUnitLabel } from "../../../lib/labels.ts";
import { DetailTable, detailLayout } from "./DetailTable.tsx";

/** The charge's name takes what the figures leave. */
const READ_LAYOUT = detailLayout([{ share: 1 }, 150, 80, 60, 120, 120, 130, 130]);
const EDIT_LAYOUT = detailLayout([{ share: 1 }, 140, 75, 50, 105, 115, 110, 110], 170);

const PART_TEXT: Record<ChargeRow["chargePart"], string> = {
  FREIGHT: "Freight",
  PORT_ORIGIN: "Port · origin",
  PORT_DESTINATION: "Port · destination",
  TRUCKING_ORIGIN: "Trucking · origin",
  TRUCKING_DESTINATION: "Trucking · destination",
};

export interface ChargesTableProps {
  charges: readonly ChargeRow[];
  /** Test ids of the cells: `{idPrefix}-{code}-{part}-{column}`. */
  idPrefix: string;
  /** With these, the requested rate is an input: the text typed per charge, and where a change goes. */
  typed?: TypedRates;
  onType?: (key: string, text: string) => void;
  disabled?: boolean;
}

/**
 * The charges of one lane: where each comes from, its unit and quantity, the standard rate beside the
 * requested one, and both amounts. Amounts are shown as the server worked them out (or, while a rate is being
 * typed, as the same rule works them out here).
 */
export function ChargesTable({ charges, idPrefix, typed, onType, disabled = false }: ChargesTableProps) {
  const editable = typed !== undefined && onType !== undefined;
  const id = (charge: ChargeRow, column: string) => `${idPrefix}-${charge.chargeCode}-${charge.chargePart}-${column}`;
  const cell = (render: (charge: ChargeRow) => ReactNode, { amount = false, interactive = false } = {}) => (row: number) => {
    const charge = charges[row];
    return (
      <Cell interactive={interactive} className={amount ? "lading-sq-amount-cell" : undefined}>
        {charge ? render(charge) : null}
      </Cell>
    );
  };
  const text = (pick: (c: ChargeRow) => string, column: string, amount = false) =>
    cell((c) => <span data-testid={id(c, column)}>{pick(c)}</span>, { amount });

  const rateInput = (charge: ChargeRow) => {
    const key = chargeKey(charge);
    const value = typed?.[key] ?? "";
    const bad = value.trim() !== "" && !isRateText(value);
    return (
      <InputGroup
        size="small"
        value={value}
        placeholder={formatAmount(charge.standardRate)}
        intent={bad ? "danger" : "none"}
        disabled={disabled}
        aria-label={`Requested rate of ${charge.chargeName} (${PART_TEXT[charge.chargePart]})`}
        title={bad ? "A rate is an amount with at most two decimals" : "Empty keeps the standard rate"}
        onValueChange={(next) => onType?.(key, next)}
        data-testid={id(charge, "rate-input")}
      />
    );
  };

  return (
    <DetailTable rows={charges.length} layout={editable ? EDIT_LAYOUT : READ_LAYOUT} testId={`${idPrefix}-table`} redrawOn={[charges, typed, disabled]}>
        <Column name="Charge" cellRenderer={text((c) => `${c.chargeCode} · ${c.chargeName}`, "name")} />
        <Column name="Part" cellRenderer={text((c) => PART_TEXT[c.chargePart], "part")} />
        <Column name="Unit" cellRenderer={text((c) => rateUnitLabel(c.rateUnit), "unit")} />
        <Column name="Qty" cellRenderer={text((c) => formatQuantity(c.quantity), "quantity", true)} />
        <Column name="Standard rate" cellRenderer={text((c) => formatAmount(c.standardRate), "standard-rate", true)} />
        <Column name="Requested rate" cellRenderer={editable
          ? cell(rateInput, { interactive: true })
          : text((c) => formatAmount(c.requestedRate), "requested-rate", true)} />
        <Column name="Standard amount" cellRenderer={text((c) => formatAmount(c.standardAmount), "standard-amount", true)} />
        <Column name="Amount" cellRenderer={text((c) => formatAmount(c.amount), "amount", true)} />
    </DetailTable>
  );
}
