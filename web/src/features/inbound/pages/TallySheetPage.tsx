import { type TallyScreenSide, TallyScreen } from "../../../components/tally/TallyScreen.tsx";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { unloadingTallyCalls } from "../api/discharge.ts";

/**
 * The unloading tally of a voyage at the caller's port (001 §2 /inbound/tallySheet/{voyageNum}): the tally screen
 * on the unloading side, offline capture included. Its tabs are the caller's ports: those whose sheets or unload
 * lists the server answered with, else every port of call (the server refuses another branch's with its reason).
 */
export default function UnloadingTallySheetPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const side: TallyScreenSide = {
    direction: "inbound",
    calls: unloadingTallyCalls,
    crumbs: [{ text: "Inbound", href: PAGES.inbound }, { text: "Unload list", href: pathTo(PAGES.unloadList, { voyageNum }) }],
    home: { href: PAGES.inbound, text: "Inbound" },
    countableStatus: "Loaded",
    ports: (view) => {
      const mine = new Set([...view.sheets.map((s) => s.destinationBranchCode), ...view.onList.map((c) => c.destinationBranchCode)]);
      const ports = view.voyage.destinations.filter((d) => mine.has(d.destinationBranchCode));
      return ports.length > 0 ? ports : view.voyage.destinations;
    },
    tabTitle: (name) => `At ${name}`,
    finalEffect: "the cargo counted is unloaded and its free days start tomorrow",
    startHint: "Start the sheet to count the vans taken off the vessel at this port.",
  };
  return <TallyScreen voyageNum={voyageNum} side={side} />;
}
