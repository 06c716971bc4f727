import "../outbound.css";
import { useSearch } from "wouter";
import { DispatchListsScreen, type DispatchWords } from "../../../components/dispatch/DispatchListsScreen.tsx";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { pickUpListCalls } from "../api/dispatch.ts";
import { NewDispatchDialog } from "../components/NewDispatchDialog.tsx";

const WORDS: DispatchWords = {
  title: "Outbound dispatch",
  crumb: { text: "Outbound", href: PAGES.outbound },
  list: "pick-up list",
  lines: (n) => `${n} door booking${n === 1 ? "" : "s"}`,
  linesColumn: "Pick-ups",
  draftLines: "The door bookings",
  viewHint: "The list's door bookings",
  searchLabel: "Search dispatch lists",
  testIdPrefix: "dispatch",
  pageTestId: "dispatch-page",
};

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
      calls={pickUpListCalls}
      initialSearch={params.get("dispatchNum") ?? voyageNum}
      newListDialog={(dialog) => <NewDispatchDialog {...dialog} voyageNum={voyageNum} />}
    />
  );
}
