import "../hustling.css";
import { Button, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Add, Edit, Print, Refresh, Search, Trash } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { HUSTLING_PAGE_SIZE, type HustlingRow } from "../api/contracts.ts";
import { deleteHustling, hustlingPrintUrl, loadHustlings } from "../api/hustlings.ts";
import { NewHustlingDialog } from "../components/NewHustlingDialog.tsx";

const ALL = "";

/** Where a hustling is changed: the page of its branch and voyage. */
export const hustlingPath = (branchCode: string, voyageNum: string) => pathTo(PAGES.hustlingOf, { a: branchCode, b: voyageNum });

/**
 * Hustlings (001 §2 /Hustling): the vans hauled at the user's branches for a voyage, latest first, 20 a page.
 * A new one starts from its branch and voyage; a row opens its page, prints its slip or deletes it (the list
 * then reads again from its first page, 001 §9).
 */
export default function HustlingsPage(_props: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const addressed = new URLSearchParams(useSearch()).get("search") ?? "";
  const list = usePagedList<HustlingRow, string>({
    load: (q: PageQuery<string>) => loadHustlings({ skip: q.skip, take: q.take, search: q.search, branchCode: q.filter || undefined }),
    initialFilter: ALL,
    pageSize: HUSTLING_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, search, busyId, filter, setFilter, setSearchText, reload, reloadFromStart } = list;
  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);
  const [creating, setCreating] = useState(false);
  const text = textCells(rows, { tooltip: true });
  const branches = user?.branches ?? [];

  const remove = async (row: HustlingRow) => {
    const confirmed = await confirmPrompt({
      title: "Delete hustling",
      description: `Delete hustling ${row.hustlingCstNum} of voyage ${row.voyageNum}? Its ${row.lines.length} van(s) go back to ${row.fromCyName}.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (confirmed) await list.runRowAction(row.id, () => deleteHustling(row.id), reloadFromStart);
  };

  const destination = (h: HustlingRow) => h.toReference === "To Vessel" ? `${h.tovesselName ?? ""} (${h.hustVoyageNum ?? ""})` : h.toPortName ?? "";

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<Edit />} label="Open" hint="Open and change" disabled={busy}
        onClick={() => navigate(hustlingPath(item.branchCode, item.voyageNum))} data-testid={`hustling-open-${item.hustlingCstNum}`} />
      <RowAction icon={<Print />} label="Print" hint="Print the cargo transfer (hustling) slip (PDF)" href={hustlingPrintUrl(item.hustlingCstNum)} target="_blank"
        data-testid={`hustling-print-${item.hustlingCstNum}`} />
      <RowAction icon={<Trash />} intent="danger" label="Delete" disabled={busy} onClick={() => void remove(item)}
        data-testid={`hustling-delete-${item.hustlingCstNum}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="hustlings-page">
      <PageHeader
        title="Hustling"
        actions={<Button intent="primary" icon={<Add />} text="New hustling" onClick={() => setCreating(true)} data-testid="hustling-new" />}
      />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} placeholder="Search number, voyage, vessel, van, plate or driver" aria-label="Search hustlings"
          value={list.searchText} onValueChange={setSearchText} className="lading-search" data-testid="hustling-search" />
        <HTMLSelect aria-label="Branch" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} data-testid="hustling-branch-filter">
          <option value={ALL}>All my branches</option>
          {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId="hustling-table"
        rangeTestId="hustling-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No hustlings"
            description={search ? `Nothing matches “${search}”.` : "No hustling has been written at your branches yet."} />
        }
      >
        <Column name="Hustling No." cellRenderer={text((h) => h.hustlingCstNum, (h) => `hustling-row-${h.hustlingCstNum}`)} />
        <Column name="Branch" cellRenderer={text((h) => h.branchCode)} />
        <Column name="Voyage" cellRenderer={text((h) => `${h.voyageNum} · ${h.hustVessel}`, (h) => `hustling-voyage-${h.hustlingCstNum}`)} />
        <Column name="To" cellRenderer={text((h) => `${h.toReference}: ${destination(h)}`, (h) => `hustling-to-${h.hustlingCstNum}`)} />
        <Column name="From CY" cellRenderer={text((h) => h.fromCyName)} />
        <Column name="To CY" cellRenderer={text((h) => h.toCyName, (h) => `hustling-to-cy-${h.hustlingCstNum}`)} />
        <Column name="Vans" cellRenderer={text((h) => h.lines.map((l) => l.containerVanNum).join(", "), (h) => `hustling-vans-${h.hustlingCstNum}`)} />
        <Column name="Trucker" cellRenderer={text((h) => h.truckerName)} />
        <Column name="Time in" cellRenderer={text((h) => formatDateTime(h.dateTimeIn))} />
        <Column name="Time out" cellRenderer={text((h) => formatDateTime(h.dateTimeOut))} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewHustlingDialog
        isOpen={creating}
        branches={branches}
        onClose={() => setCreating(false)}
        onChosen={(branchCode, voyageNum) => navigate(hustlingPath(branchCode, voyageNum))}
      />
    </div>
  );
}
