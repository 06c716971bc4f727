import { Button, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Refresh, Search } from "@blueprintjs/icons";
import type { PagedList } from "../lib/data/paged-list.ts";

export interface FilterOption<F extends string> {
  value: F;
  label: string;
}

/** The active/inactive filter of the master-data style lists. */
export const STATUS_OPTIONS: FilterOption<"All" | "IsActive" | "IsInactive">[] = [
  { value: "All", label: "All" },
  { value: "IsActive", label: "Active" },
  { value: "IsInactive", label: "Inactive" },
];

export interface ListToolbarProps<F extends string> {
  list: Pick<PagedList<unknown, F>, "searchText" | "setSearchText" | "filter" | "setFilter" | "reload">;
  placeholder: string;
  searchLabel: string;
  searchTestId: string;
  filterLabel: string;
  filterTestId: string;
  options: readonly FilterOption<F>[];
}

/** Above a list: the search box, the filter and the reload button. */
export function ListToolbar<F extends string>(
  { list, placeholder, searchLabel, searchTestId, filterLabel, filterTestId, options }: ListToolbarProps<F>,
) {
  return (
    <div className="lading-toolbar">
      <InputGroup
        type="search"
        leftIcon={<Search />}
        placeholder={placeholder}
        aria-label={searchLabel}
        value={list.searchText}
        onValueChange={list.setSearchText}
        className="lading-search"
        data-testid={searchTestId}
      />
      <HTMLSelect
        aria-label={filterLabel}
        value={list.filter}
        onChange={(e) => list.setFilter(e.currentTarget.value as F)}
        data-testid={filterTestId}
      >
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </HTMLSelect>
      <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={list.reload} />
    </div>
  );
}
