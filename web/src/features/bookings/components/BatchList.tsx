import { Button, InputGroup, Menu, MenuItem, NonIdealState, Spinner } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import type { BatchRow } from "../api/contracts.ts";
import type { GrowingList } from "../../../lib/data/growing-list.ts";
import { StatusTag } from "./StatusTag.tsx";

export interface BatchListProps {
  list: GrowingList<BatchRow>;
  selectedRef: string | null;
  searchText: string;
  onSearch: (text: string) => void;
  onSelect: (bookingBatchRef: string) => void;
  onNew: () => void;
  newDisabled: boolean;
}

/** The voyage's batches, newest first as the server gives them, each with its customer and status. */
export function BatchList({ list, selectedRef, searchText, onSearch, onSelect, onNew, newDisabled }: BatchListProps) {
  const { rows, total, loading } = list;
  return (
    <aside className="lading-booking-batches" data-testid="batch-list">
      <div className="lading-booking-batches-head">
        <Button intent="primary" icon={<Add />} text="New batch" fill onClick={onNew} disabled={newDisabled} data-testid="batch-new" />
        <InputGroup
          leftIcon={<Search />}
          type="search"
          placeholder="Search batches"
          aria-label="Search batches"
          value={searchText}
          onValueChange={onSearch}
          data-testid="batch-search"
        />
      </div>
      {rows.length > 0 && (
        <Menu className="lading-booking-batch-menu">
          {rows.map((batch) => (
            <MenuItem
              key={batch.bookingBatchRef}
              active={batch.bookingBatchRef === selectedRef}
              onClick={() => onSelect(batch.bookingBatchRef)}
              data-testid={`batch-item-${batch.bookingBatchRef}`}
              text={
                <div className="lading-booking-batch-item">
                  <strong>{batch.bookingBatchRef}</strong>
                  <span className="lading-booking-muted">{batch.customerName} · {batch.bookingCount} booking{batch.bookingCount === 1 ? "" : "s"}</span>
                </div>
              }
              labelElement={<StatusTag status={batch.status} testId={`batch-item-status-${batch.bookingBatchRef}`} />}
            />
          ))}
        </Menu>
      )}
      {loading && <Spinner size={20} className="lading-booking-spinner" />}
      {!loading && rows.length === 0 && <NonIdealState title="No batches" description="No batch is booked on this voyage yet." />}
      {rows.length < total && (
        <Button variant="minimal" text={`Load more (${rows.length} of ${total})`} onClick={list.loadMore} disabled={loading}
          data-testid="batches-load-more" />
      )}
    </aside>
  );
}
