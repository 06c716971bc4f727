import { Button, Card, ControlGroup, H5, InputGroup } from "@blueprintjs/core";
import { Envelope, TickCircle, Th } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { keepLoadedAssetsOffline } from "../../../lib/offline.ts";
import { PAGES, pathTo } from "../../../lib/paths.ts";

/**
 * Under the Inbound area's screens: the discharge of a voyage at the user's port starts from its number, opening
 * its unload list, its unloading tally sheet or its arrival notices. The tally screen's chunk is loaded ahead, so it also opens here
 * with no connection (docs/architecture.md, Offline capture at the pier).
 */
export default function DischargePanel() {
  const [, navigate] = useLocation();
  const [voyageNum, setVoyageNum] = useState("");
  const num = voyageNum.trim();
  useEffect(() => {
    void import("./TallySheetPage.tsx").then(() => keepLoadedAssetsOffline()).catch(() => {});
  }, []);
  return (
    <Card className="lading-loading-facts" data-testid="discharge-panel">
      <H5>Discharge a voyage</H5>
      <ControlGroup>
        <InputGroup placeholder="Voyage number" value={voyageNum} onChange={(e) => setVoyageNum(e.currentTarget.value)} data-testid="discharge-voyage" />
        <Button icon={<Th />} text="Unload list" disabled={!num} onClick={() => navigate(pathTo(PAGES.unloadList, { voyageNum: num }))}
          data-testid="discharge-unload-list" />
        <Button icon={<TickCircle />} text="Tally sheet" disabled={!num} onClick={() => navigate(pathTo(PAGES.unloadingTallySheet, { voyageNum: num }))}
          data-testid="discharge-tally" />
        <Button icon={<Envelope />} text="Arrival notices" disabled={!num} onClick={() => navigate(pathTo(PAGES.arrivalNotices, { voyageNum: num }))}
          data-testid="discharge-arrival-notices" />
      </ControlGroup>
    </Card>
  );
}
