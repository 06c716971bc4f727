import "@blueprintjs/table/lib/css/table.css";
import { Button, H5, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Add, FloppyDisk, Reset, Trash } from "@blueprintjs/icons";
import { Cell, Column, type ColumnProps, Table } from "@blueprintjs/table";
import { type ReactElement, useState } from "react";
import { useLocation } from "wouter";
import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useUnsavedChanges, whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type ItemCode, type MatrixEntry, readCharge, saveItemCodes } from "../api/records.ts";
import { RecordFacts } from "../components/RecordFacts.tsx";
import { RowAction, RowActions } from "../../../components/list-cells.tsx";


const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 30;
const CRUMBS = [{ text: "Master Data", href: PAGES.masterData }, { text: "Charges", href: PAGES.charges }];

const plain = (list: readonly ItemCode[]): ItemCode[] =>
  list.map(({ branchCode, itemCode, description }) => ({ branchCode, itemCode, description }));

/** A details table as tall as its rows, with fixed column widths. */
function DetailTable(props: { rows: number; widths: number[]; testId: string; redrawOn: unknown[]; children: ReactElement<ColumnProps>[] }) {
  return (
    <div className="lading-table-box" style={{ height: HEADER_HEIGHT + Math.max(props.rows, 1) * ROW_HEIGHT + 2, marginBottom: 8 }}
      data-testid={props.testId}>
      <Table numRows={props.rows} defaultRowHeight={ROW_HEIGHT} columnWidths={props.widths} enableColumnResizing={false}
        enableRowResizing={false} cellRendererDependencies={props.redrawOn}>
        {props.children}
      </Table>
    </div>
  );
}

/** One charge: its fields, its accounting item codes (editable) and the matrix entries that bring it. */
export default function ChargeReadPage({ params }: PageProps) {
  const code = params.chargeCode ?? "";
  const [, navigate] = useLocation();
  const branches = usePicker("branches", { fresh: true });
  const [draft, setDraft] = useState<ItemCode[]>([]);
  const [saving, setSaving] = useState(false);
  const [state, setCharge] = useAddressedRecord(
    code,
    async () => {
      const { data } = await readCharge(code);
      setDraft(plain(data.itemCodes));
      return data;
    },
    `Charge ${code} was not found.`,
  );

  const saved = state.kind === "ready" ? plain(state.value.itemCodes) : [];
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  useUnsavedChanges(dirty);

  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="charge-read">
        <PageHeader title={`Charge ${code}`} crumbs={CRUMBS} />
        {state.kind === "loading"
          ? <Spinner size={30} />
          : (
            <NonIdealState title="No such charge" description={state.message}
              action={<Button text="Back to charges" onClick={() => navigate(PAGES.charges)} data-testid="charge-back" />} />
          )}
      </div>
    );
  }

  const charge = state.value;
  const change = (index: number, key: keyof ItemCode, value: string) =>
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const removeRow = (index: number) => setDraft((rows) => rows.filter((_, i) => i !== index));
  const addRow = () => {
    const used = new Set(draft.map((row) => row.branchCode));
    const free = branches.find((b) => !used.has(b.code));
    setDraft((rows) => [...rows, { branchCode: free?.code ?? "", itemCode: "", description: "" }]);
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = await whileSaving(() => saveItemCodes(charge, draft));
      setCharge({ ...charge, itemCodes: result.data, dateModified: result.charge.dateModified });
      setDraft(plain(result.data));
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  // A branch no longer active still shows for the rows that hold it.
  const branchOptions = (current: string) => {
    const options = branches.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }));
    if (current && !branches.some((b) => b.code === current)) options.unshift({ value: current, label: current });
    if (!current) options.unshift({ value: "", label: "Choose a branch" });
    return options;
  };

  const itemCell = (render: (row: ItemCode, index: number) => ReactElement) => (index: number) => {
    const row = draft[index];
    return <Cell interactive>{row ? render(row, index) : null}</Cell>;
  };
  const matrixCell = (pick: (row: MatrixEntry) => ReactElement | string) => (index: number) => {
    const row = charge.servicesMatrix[index];
    return <Cell>{row ? pick(row) : null}</Cell>;
  };

  return (
    <div className="lading-page" data-testid="charge-read">
      <PageHeader title={`${charge.code} · ${charge.name}`} crumbs={CRUMBS} />
      <RecordFacts contract={chargeContract} row={charge} idPrefix="charge" pairsPerLine={2} />

      <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
        <H5 style={{ margin: 0 }}>Item codes</H5>
        {dirty && <Tag minimal intent="warning" data-testid="charge-item-codes-unsaved">Unsaved changes</Tag>}
        <span style={{ flex: 1 }} />
        <Button icon={<Add />} text="Add item code" onClick={addRow} disabled={saving} data-testid="charge-item-code-add" />
        <Button icon={<Reset />} text="Undo changes" onClick={() => setDraft(saved)} disabled={!dirty || saving}
          data-testid="charge-item-codes-reset" />
        <Button intent="primary" icon={<FloppyDisk />} text="Save item codes" onClick={() => void save()} loading={saving} disabled={!dirty}
          data-testid="charge-item-codes-save" />
      </div>
      <DetailTable rows={draft.length} widths={[220, 200, 360, 110]} testId="charge-item-codes" redrawOn={[draft, branches, saving]}>
        <Column name="Branch" cellRenderer={itemCell((row, i) => (
          <HTMLSelect minimal fill value={row.branchCode} disabled={saving} aria-label={`Branch of item code ${i + 1}`}
            onChange={(e) => change(i, "branchCode", e.currentTarget.value)} data-testid={`charge-item-code-branch-${i}`}
            options={branchOptions(row.branchCode)} />
        ))} />
        <Column name="Item code" cellRenderer={itemCell((row, i) => (
          <InputGroup size="small" value={row.itemCode} disabled={saving} maxLength={40} aria-label={`Item code ${i + 1}`}
            onValueChange={(value) => change(i, "itemCode", value)} data-testid={`charge-item-code-code-${i}`} />
        ))} />
        <Column name="Description" cellRenderer={itemCell((row, i) => (
          <InputGroup size="small" value={row.description} disabled={saving} maxLength={200} aria-label={`Description of item code ${i + 1}`}
            onValueChange={(value) => change(i, "description", value)} data-testid={`charge-item-code-description-${i}`} />
        ))} />
        <Column name="Actions" cellRenderer={itemCell((_row, i) => (
          <RowActions>
            <RowAction icon={<Trash />} intent="danger" label="Remove" hint={`Remove item code ${i + 1}`} disabled={saving}
              onClick={() => removeRow(i)} data-testid={`charge-item-code-remove-${i}`} />
          </RowActions>
        ))} />
      </DetailTable>
      {draft.length === 0 && <p className="bp6-text-muted" data-testid="charge-item-codes-empty">This charge has no item codes yet.</p>}

      <H5 style={{ marginTop: 16 }}>Service matrix</H5>
      <DetailTable rows={charge.servicesMatrix.length} widths={[240, 240, 200, 100, 100]} testId="charge-matrix" redrawOn={[charge]}>
        <Column name="Service mode" cellRenderer={matrixCell((m) => `${m.serviceModeCode} · ${m.serviceModeName}`)} />
        <Column name="Cargo type" cellRenderer={matrixCell((m) => `${m.cargoTypeCode} · ${m.cargoTypeName}`)} />
        <Column name="Charge part" cellRenderer={matrixCell((m) => m.chargePart)} />
        <Column name="Required" cellRenderer={matrixCell((m) => (m.isRequired ? "Yes" : "No"))} />
        <Column name="Status" cellRenderer={matrixCell((m) => (
          <Tag minimal intent={m.isActive ? "success" : "none"}>{m.isActive ? "Active" : "Inactive"}</Tag>
        ))} />
      </DetailTable>
      {charge.servicesMatrix.length === 0 && (
        <p className="bp6-text-muted" data-testid="charge-matrix-empty">No service mode brings this charge yet.</p>
      )}
    </div>
  );
}
