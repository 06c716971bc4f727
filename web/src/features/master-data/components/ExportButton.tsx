import { Button } from "@blueprintjs/core";
import { type ReactElement, useState } from "react";
import { saveBytes, XLSX_TYPE } from "../../../lib/download.ts";
import { errorText, notify } from "../../../lib/notify.ts";

export interface Workbook {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * A header button that builds a workbook and hands it to the browser. `build` answers null when there is
 * nothing to export, which shows the empty-list warning instead of saving an empty file.
 */
export function ExportButton(props: { text: string; icon: ReactElement; testId: string; build: () => Promise<Workbook | null> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const workbook = await props.build();
      if (!workbook) notify.warning("No more data to load");
      else saveBytes(workbook.bytes, workbook.fileName, XLSX_TYPE);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return <Button icon={props.icon} text={props.text} loading={busy} disabled={busy} onClick={() => void run()} data-testid={props.testId} />;
}
