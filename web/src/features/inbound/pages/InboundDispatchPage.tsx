import "../inbound.css";
import { useSearch } from "wouter";
import { DispatchListsScreen, type DispatchWords } from "../../../components/dispatch/DispatchListsScreen.tsx";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { deliveryListCalls } from "../api/dispatch.ts";
import { NewDeliveryListDialog } from "../components/NewDeliveryListDialog.tsx";

const WORDS: DispatchWords = {
  title: "Inbound dispatch",
  crumb: { text: "Inbound", href: PAGES.inbound },
  list: "delivery list",
  lines: (n) => `${n} door deliver${n === 1 ? "y" : "ies"}`,
  linesColumn: "Deliveries",
  draftLines: "The released door deliveries",
  viewHint: "The list's deliveries and its workbook",
  searchLabel: "Search delivery lists",
  testIdPrefix: "delivery",
  pageTestId: "inbound-dispatch-page",
};

/**
 * Inbound dispatch (001 §2 /inbound/dispatchModule): the delivery lists of the voyages' door deliveries at the
 * user's ports of call, each carrying the deliveries whose cargo release order is made, on the dispatch screen
 * both directions share; a list is downloaded as DeliveryList.xlsx. A notification's link names the list
 * (`?dispatchNum=`).
 */
export default function InboundDispatchPage(_props: PageProps) {
  const params = new URLSearchParams(useSearch());
  return (
    <DispatchListsScreen
      words={WORDS}
      calls={deliveryListCalls}
      initialSearch={params.get("dispatchNum") ?? ""}
      newListDialog={(dialog) => <NewDeliveryListDialog {...dialog} />}
    />
  );
}
