import { Button, NonIdealState } from "@blueprintjs/core";
import { Add, Document, Export, Search } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { ActivationButton, actionsCell, DeleteButton, EditButton, statusCell, textCells } from "../../../components/list-cells.tsx";
import { ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { PDF_TYPE, useDownload, XLSX_TYPE } from "../../../lib/download.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { activatePort, deletePorts, loadAllPorts, loadPorts, type Port, type StatusFilter } from "../api/ports.ts";
import { PortDialog } from "../components/PortDialog.tsx";
import { PAGES } from "../../../lib/paths.ts";

type DialogState = { port: Port | null } | null;

export default function PortsPage() {
  const user = useAtomValue(signedInUserAtom);
  const list = usePagedList<Port, StatusFilter>({ load: loadPorts, initialFilter: "All", emptyNotice: "always" });
  const { rows, search, filter, busyId, reload, runRowAction } = list;
  const branches = usePicker("branches", { fresh: true });
  const [dialog, setDialog] = useState<DialogState>(null);
  const xlsx = useDownload(XLSX_TYPE);
  const pdf = useDownload(PDF_TYPE);

  const toggleActive = (port: Port) => runRowAction(port.id, () => activatePort(port.id, !port.isActive));

  const remove = async (port: Port) => {
    const confirmed = await confirmPrompt({
      title: "Delete port",
      description: `Delete port ${port.code} (${port.name})? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(port.id, () => deletePorts([port.id]));
  };

  // The workbook and PDF libraries are large; each loads only when someone exports.
  const query = { search: search || undefined, filter };
  const exportXlsx = () =>
    xlsx.run(async () => {
      const [all, template] = await Promise.all([loadAllPorts(query), import("../../../../../templates/exports/ports.ts")]);
      return all.length === 0 ? null : { bytes: template.buildPortsWorkbook(all), fileName: template.PORTS_XLSX_NAME };
    });
  const printPdf = () =>
    pdf.run(async () => {
      const [all, template] = await Promise.all([loadAllPorts(query), import("../../../../../templates/documents/ports-list.ts")]);
      if (all.length === 0) return null;
      return { bytes: template.buildPortsListPdf(all, { generatedBy: user?.name ?? "", generatedAt: new Date() }), fileName: template.PORTS_PDF_NAME };
    });

  const text = textCells(rows);

  const actions = actionsCell(rows, busyId, (port, busy) => (
    <>
      <EditButton disabled={busy} onClick={() => setDialog({ port })} data-testid={`port-edit-${port.code}`} />
      <ActivationButton isActive={port.isActive} disabled={busy} onClick={() => void toggleActive(port)} data-testid={`port-activation-${port.code}`} />
      <DeleteButton disabled={busy} onClick={() => void remove(port)} data-testid={`port-delete-${port.code}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="ports-page">
      <PageHeader
        title="Ports"
        crumbs={[{ text: "Master Data", href: PAGES.masterData }]}
        actions={
          <>
            <Button intent="primary" icon={<Add />} text="New port" onClick={() => setDialog({ port: null })} data-testid="new-port" />
            <Button icon={<Export />} text="Export XLSX" loading={xlsx.busy} disabled={xlsx.busy || pdf.busy} onClick={() => void exportXlsx()} data-testid="export-xlsx" />
            <Button icon={<Document />} text="Print PDF" loading={pdf.busy} disabled={xlsx.busy || pdf.busy} onClick={() => void printPdf()} data-testid="print-pdf" />
          </>
        }
      />
      <ListToolbar
        list={list}
        placeholder="Search code, name, branch or location"
        searchLabel="Search ports"
        searchTestId="ports-search"
        filterLabel="Status filter"
        filterTestId="ports-filter"
        options={STATUS_OPTIONS}
      />
      <PagedTable
        list={list}
        testId="ports-table"
        rangeTestId="ports-range"
        empty={<NonIdealState icon={<Search size={32} />} title="No ports" description={search ? `Nothing matches “${search}”.` : "There are no ports to show."} />}
      >
        <Column name="Code" cellRenderer={text((p) => p.code, (p) => `port-code-${p.code}`)} />
        <Column name="Name" cellRenderer={text((p) => p.name, (p) => `port-name-${p.code}`)} />
        <Column name="Branch" cellRenderer={text((p) => p.branchCode)} />
        <Column name="Location" cellRenderer={text((p) => p.location)} />
        <Column name="Status" cellRenderer={statusCell(rows, (p) => `port-status-${p.code}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <PortDialog
        isOpen={dialog !== null}
        port={dialog?.port ?? null}
        branches={branches}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
    </div>
  );
}
