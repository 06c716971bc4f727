import { Button, NonIdealState } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import type { EntityContract } from "../../../../../api/shared/fields.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { ActivationButton, actionsCell, DeleteButton, EditButton, statusCell, textCells } from "../../../components/list-cells.tsx";
import { ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { entityApi, type EntityRow, type StatusFilter } from "../api/entities.ts";
import { EntityDialog } from "./EntityDialog.tsx";
import { displayValue } from "./fields.ts";
import { PAGES } from "../../../lib/paths.ts";

/** A row's label in button names and prompts: its code, or its first field. */
const subjectOf = (contract: EntityContract, row: EntityRow) =>
  `${contract.label.toLowerCase()} ${String(row.code ?? row[contract.fields[0].name] ?? row.id)}`;

export interface EntityListProps {
  contract: EntityContract;
  title: string;
  /** Prefix of test ids and input ids: "area" gives area-table, area-search, new-area, area-form. */
  idPrefix: string;
  /** List filters the screen fixes (a charge's rates): sent with every load and filled into new records. */
  fixed?: Record<string, string>;
  /** Buttons beside "New ..." in the header. */
  headerActions?: ReactNode;
  /**
   * More buttons in each row, before Edit. `run` performs a row's write as the list's own buttons do: the row
   * shows busy, leaving is guarded, the notice is shown and the page reloads in place.
   */
  rowActions?: (row: EntityRow, busy: boolean, run: (work: () => Promise<{ message: string }>) => void) => ReactNode;
  /** Called after any write from this screen (dialog save, row action, activation, delete). */
  onChanged?: () => void;
  crumbs?: { text: string; href: string }[];
  /** Shown above the list: a screen's own summary or controls. */
  children?: ReactNode;
}

/** The list screen of any master-data entity: search, status filter, paging, create, edit, activation, delete. */
export function EntityList(props: EntityListProps) {
  const { contract, title, idPrefix, fixed, headerActions, rowActions, children } = props;
  const calls = useMemo(() => entityApi(contract), [contract]);
  const fixedKey = JSON.stringify(fixed ?? {});
  const load = useCallback(
    (q: PageQuery<StatusFilter>) => calls.load({ ...q, ...(fixed ?? {}) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [calls, fixedKey],
  );
  const list = usePagedList<EntityRow, StatusFilter>({ load, initialFilter: "All", emptyNotice: "always" });
  const { rows, search, busyId, reload, reloadFromStart } = list;
  const { onChanged } = props;
  // Every write reloads the list, then tells the screen, which may show more than the list.
  const runRowAction = (id: number, work: () => Promise<{ message: string }>, after: () => void = reload) =>
    list.runRowAction(id, work, () => {
      after();
      onChanged?.();
    });
  const [dialog, setDialog] = useState<{ row: EntityRow | null } | null>(null);

  const columns = contract.fields.filter((f) => f.listed && !(fixed && f.name in fixed));
  const text = textCells(rows, { tooltip: true });

  const remove = async (row: EntityRow) => {
    const subject = subjectOf(contract, row);
    const confirmed = await confirmPrompt({
      title: `Delete ${contract.label.toLowerCase()}`,
      description: `Delete ${subject}? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(row.id, () => calls.remove([row.id]), reloadFromStart);
  };

  const key = (row: EntityRow) => String(row.code ?? row.id);
  const actions = actionsCell(rows, busyId, (row, busy) => {
    return (
      <>
        {rowActions?.(row, busy, (work) => void runRowAction(row.id, work))}
        <EditButton disabled={busy} onClick={() => setDialog({ row })} data-testid={`${idPrefix}-edit-${key(row)}`} />
        <ActivationButton isActive={row.isActive} disabled={busy} data-testid={`${idPrefix}-activation-${key(row)}`}
          onClick={() => void runRowAction(row.id, () => calls.activate(row.id, !row.isActive))} />
        <DeleteButton disabled={busy} onClick={() => void remove(row)} data-testid={`${idPrefix}-delete-${key(row)}`} />
      </>
    );
  });

  return (
    <div className="lading-page" data-testid={`${idPrefix}-page`}>
      <PageHeader
        title={title}
        crumbs={props.crumbs ?? [{ text: "Master Data", href: PAGES.masterData }]}
        actions={
          <>
            <Button intent="primary" icon={<Add />} text={`New ${contract.label.toLowerCase()}`} onClick={() => setDialog({ row: null })}
              data-testid={`new-${idPrefix}`} />
            {headerActions}
          </>
        }
      />
      {children}
      <ListToolbar
        list={list}
        placeholder={contract.searchHint}
        searchLabel={`Search ${title.toLowerCase()}`}
        searchTestId={`${idPrefix}-search`}
        filterLabel="Status filter"
        filterTestId={`${idPrefix}-filter`}
        options={STATUS_OPTIONS}
      />
      <PagedTable
        list={list}
        testId={`${idPrefix}-table`}
        rangeTestId={`${idPrefix}-range`}
        empty={
          <NonIdealState icon={<Search size={32} />} title={`No ${title.toLowerCase()}`}
            description={search ? `Nothing matches “${search}”.` : `There are no ${title.toLowerCase()} to show.`} />
        }
      >
        {[
          ...columns.map((field) => (
            <Column key={field.name} name={field.label}
              cellRenderer={text((row) => displayValue(field, row[field.name]), (row) => `${idPrefix}-${field.name}-${key(row)}`)} />
          )),
          <Column key="status" name="Status" cellRenderer={statusCell(rows, (row) => `${idPrefix}-status-${key(row)}`)} />,
          <Column key="actions" name="Actions" cellRenderer={actions} />,
        ]}
      </PagedTable>
      <EntityDialog
        contract={contract}
        row={dialog?.row ?? null}
        isOpen={dialog !== null}
        fixed={fixed}
        idPrefix={idPrefix}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
          onChanged?.();
        }}
      />
    </div>
  );
}
