import "../bookings.css";
import { Button, Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { Box, Truck } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { withoutLeaveGuard } from "../../../lib/leave-guard.ts";
import { errorText } from "../../../lib/notify.ts";
import { type BatchRow, type BatchWithBookings, BOOKING_PAGE_SIZE, type BookingRow, type VoyageRow } from "../api/contracts.ts";
import { useGrowingList } from "../../../lib/data/growing-list.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { useRowAction } from "../../../lib/data/save.ts";
import { deleteBooking, loadBatches, loadBookings, readBatch, readVoyage } from "../api/staff.ts";
import { BatchActions } from "../components/BatchActions.tsx";
import { BatchList } from "../components/BatchList.tsx";
import { BatchSummary } from "../components/BatchSummary.tsx";
import { BookingFormDialog } from "../components/BookingFormDialog.tsx";
import { DeliveryListsDialog } from "../components/DeliveryListsDialog.tsx";
import { BookingFilterBar, type BookingFilters, BookingsTable, NO_FILTERS } from "../components/BookingsTable.tsx";
import { NewBatchDialog } from "../components/NewBatchDialog.tsx";
import { VoyageHeader } from "../components/VoyageHeader.tsx";

/** The address that stands for "no batch chosen yet" (the voyage screen links here). */
const NO_BATCH = "new";

const batchPath = (voyageNum: string, bookingBatchRef: string) => pathTo(PAGES.bookingBatch, { voyageNum, bookingBatchRef });

/**
 * The bookings of one voyage: its batches on the left, the chosen batch with its bookings in the middle, and
 * the booking form over them. `/create` after a batch opens the form for a new booking of that batch, which
 * is where a new batch leads.
 */
export default function BookingBatchPage({ route, params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const param = params.bookingBatchRef ?? NO_BATCH;
  const batchRef = param.toLowerCase() === NO_BATCH ? null : param;
  const creating = batchRef !== null && route.path.endsWith("/create");
  const [, navigate] = useLocation();

  const voyage = useRecord<VoyageRow>(voyageNum || null, (num) => readVoyage(num).then((r) => r.data));
  const batch = useRecord<BatchWithBookings>(batchRef, (ref) => readBatch(ref).then((r) => r.data));

  const [batchSearch, setBatchSearch] = useState("");
  const batchQuery = useDebounced(batchSearch.trim());
  const batches = useGrowingList<BatchRow>(
    voyageNum ? JSON.stringify([voyageNum, batchQuery]) : null,
    (skip, take) => loadBatches({ voyageNum, skip, take, search: batchQuery || undefined }),
    BOOKING_PAGE_SIZE,
    // A voyage with no batch yet is the usual start of the screen, not news; an empty search is.
    { searched: batchQuery !== "" },
  );

  const [filters, setFilters] = useState<BookingFilters>(NO_FILTERS);
  const search = useDebounced(filters.searchText.trim());
  const bookings = useGrowingList<BookingRow>(
    batchRef ? JSON.stringify([batchRef, filters.status, filters.modeOfDelivery, search]) : null,
    (skip, take) =>
      loadBookings({
        skip,
        take,
        bookingBatchRef: batchRef ?? undefined,
        status: filters.status || undefined,
        modeOfDelivery: filters.modeOfDelivery || undefined,
        search: search || undefined,
      }),
    BOOKING_PAGE_SIZE,
    // A new batch has no booking yet; only the user's own search or filter finding nothing warns.
    { searched: search !== "" || filters.status !== "" || filters.modeOfDelivery !== "" },
  );

  // Ticks outlive a reload, so a confirmation can be followed by the ATW of the same bookings; ticks on rows
  // no longer shown count for nothing.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = bookings.rows.filter((r) => ticked.has(r.bookingRef));
  const onSelect = (refs: string[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const ref of refs) on ? next.add(ref) : next.delete(ref);
      return next;
    });

  const [newBatchOpen, setNewBatchOpen] = useState(false);
  const [listsOpen, setListsOpen] = useState(false);
  const [editing, setEditing] = useState<BookingRow | null>(null);
  const deleting = useRowAction<string>();

  const refresh = () => {
    batch.reload();
    bookings.reload();
    batches.reload();
  };

  /** Moves on after a write that settled what the page held; the guard has nothing left to protect. */
  const moveTo = (path: string) => withoutLeaveGuard(() => navigate(path));

  const deleteRow = async (row: BookingRow) => {
    const confirmed = await confirmPrompt({
      title: "Delete booking",
      description: `Delete booking ${row.bookingRef}? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    // 001 §2: a list view reads its list again after a delete, failed or not.
    await deleting.run(row.bookingRef, () => deleteBooking(row.bookingRef), refresh);
  };

  const closeForm = () => (creating && batchRef ? moveTo(batchPath(voyageNum, batchRef)) : setEditing(null));
  const onBookingSaved = () => {
    if (creating && batchRef) return moveTo(batchPath(voyageNum, batchRef));
    setEditing(null);
    refresh();
  };

  const main = () => {
    if (batchRef === null) {
      return (
        <NonIdealState icon={<Box size={40} />} title="Choose a batch" data-testid="batch-none"
          description="Pick a batch of this voyage on the left, or open a new one for a customer with New batch." />
      );
    }
    if (!batch.data) {
      return batch.loading
        ? <Spinner size={30} className="lading-booking-spinner" />
        : <NonIdealState title="Batch not found" description={batch.error !== null ? errorText(batch.error) : `There is no batch ${batchRef}.`} data-testid="batch-missing" />;
    }
    return (
      <>
        <Card compact className="lading-booking-batch-card">
          <BatchSummary batch={batch.data} />
          <div className="lading-booking-action-bar">
            <BatchActions
              batch={batch.data}
              selected={selected}
              originBranchCode={voyage.data?.originBranchCode ?? ""}
              onNewBooking={() => navigate(`${batchPath(voyageNum, batch.data!.bookingBatchRef)}/create`)}
              onChanged={refresh}
              onBatchCloned={(ref) => moveTo(batchPath(voyageNum, ref))}
            />
          </div>
        </Card>
        <BookingFilterBar filters={filters} onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))} shown={bookings.rows.length}
          total={bookings.total} />
        <BookingsTable list={bookings} selected={ticked} onSelect={onSelect} busyRef={deleting.busy} onEdit={setEditing}
          onDelete={(row) => void deleteRow(row)} />
      </>
    );
  };

  return (
    <div className="lading-page lading-booking-page" data-testid="booking-batch-page">
      <PageHeader
        title={batchRef ? `Booking batch ${batchRef}` : `Bookings of voyage ${voyageNum}`}
        crumbs={[{ text: "Voyage", href: PAGES.voyage }, { text: "Voyage schedules", href: PAGES.voyageSchedules }]}
        actions={
          <Button icon={<Truck />} text="Pick-up & delivery lists" disabled={!voyage.data} onClick={() => setListsOpen(true)}
            data-testid="open-delivery-lists" />
        }
      />
      <VoyageHeader voyage={voyage.data} loading={voyage.loading} error={voyage.error !== null ? errorText(voyage.error) : null} />
      <div className="lading-booking-layout">
        <BatchList
          list={batches}
          selectedRef={batchRef}
          searchText={batchSearch}
          onSearch={setBatchSearch}
          onSelect={(ref) => navigate(batchPath(voyageNum, ref))}
          onNew={() => setNewBatchOpen(true)}
          newDisabled={!voyage.data}
        />
        <section className="lading-booking-main" data-testid="batch-detail">{main()}</section>
      </div>
      <NewBatchDialog
        isOpen={newBatchOpen}
        voyageNum={voyageNum}
        onClose={() => setNewBatchOpen(false)}
        onCreated={(created) => {
          setNewBatchOpen(false);
          moveTo(`${batchPath(voyageNum, created.bookingBatchRef)}/create`);
        }}
      />
      {voyage.data && <DeliveryListsDialog isOpen={listsOpen} voyage={voyage.data} onClose={() => setListsOpen(false)} />}
      {batch.data && voyage.data && (
        <BookingFormDialog
          isOpen={creating || editing !== null}
          batch={batch.data}
          voyage={voyage.data}
          booking={creating ? null : editing}
          onClose={closeForm}
          onSaved={onBookingSaved}
        />
      )}
    </div>
  );
}
