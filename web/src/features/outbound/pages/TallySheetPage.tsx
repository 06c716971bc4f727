import { type TallyScreenSide, TallyScreen } from "../../../components/tally/TallyScreen.tsx";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { createTallySheet, finalTally, readTallyView, removeTallyLine, sendTallyEntry, tallySheetPrintUrl, undoFinalTally } from "../api/tally-sheets.ts";

const calls = {
  readView: readTallyView, create: createTallySheet, send: sendTallyEntry, removeLine: removeTallyLine, final: finalTally, undo: undoFinalTally,
  printUrl: tallySheetPrintUrl,
};

/** The loading tally of a voyage at the pier (001 §2 /outbound/tallySheet/{voyageNum}): the tally screen on the loading side. */
export default function TallySheetPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const side: TallyScreenSide = {
    direction: "outbound",
    calls,
    crumbs: [{ text: "Outbound", href: PAGES.outbound }, { text: "Load list", href: pathTo(PAGES.loadList, { voyageNum }) }],
    home: { href: PAGES.outbound, text: "Outbound" },
    countableStatus: "On Load List",
    ports: (view) => view.voyage.destinations,
    tabTitle: (name) => `To ${name}`,
    finalEffect: "its waybills are loaded and its bookings At Vessel Loaded",
    startHint: "Start the sheet to count the vans going to this port.",
  };
  return <TallyScreen voyageNum={voyageNum} side={side} />;
}
