import "../outbound.css";
import "../voyages.css";
import { useSearch } from "wouter";
import { type DispatchCalls, DispatchListsScreen, type DispatchWords } from "../../../components/DispatchListsScreen.tsx";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { archiveDispatchList, DISPATCH_PAGE_SIZE, loadDispatchLists, sendDispatchList } from "../api/dispatch.ts";
import { DispatchListDialog } from "../components/DispatchListDialog.tsx";
import { NewDispatchDialog } from "../components/NewDispatchDialog.tsx";

const WORDS: DispatchWords = {
  title: "Outbound dispatch",
  crumb: { text: "Outbound", href: PAGES.outbound },
  list: "pick-up list",
  lines: (n) => `${n} door booking${n === 1 ? "" : "s"}`,
  linesColumn: "Pick-ups",
  viewHint: "The list's door bookings",
  searchLabel: "Search dispatch lists",
  testIdPrefix: "dispatch",
  pageTestId: "dispatch-page",
};

const CALLS: DispatchCalls = { pageSize: DISPATCH_PAGE_SIZE, load: loadDispatchLists, send: sendDispatchList, archive: archiveDispatchList };

/**
 * Outbound dispatch (001 §2 /outbound/dispatchModule): the pick-up lists of the voyages' door bookings at the
 * user's branches, on the dispatch screen both directions share. A notification's link names the list in the
 * address (`?dispatchNum=`), which fills the search box; the voyage list's Dispatch names the voyage
 * (`?voyageNum=`), whose lists are shown and which a new list starts from.
 */
export default function DispatchPage(_props: PageProps) {
  const params = new URLSearchParams(useSearch());
  const voyageNum = params.get("voyageNum") ?? "";
  return (
    <DispatchListsScreen
      words={WORDS}
      calls={CALLS}
      initialSearch={params.get("dispatchNum") ?? voyageNum}
      newListDialog={(dialog) => <NewDispatchDialog {...dialog} voyageNum={voyageNum} />}
      listDialog={(dialog) => <DispatchListDialog {...dialog} />}
    />
  );
}
