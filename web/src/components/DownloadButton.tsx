import { Button } from "@blueprintjs/core";
import { Download } from "@blueprintjs/icons";
import type { ReactElement } from "react";
import { type FileBytes, useDownload } from "../lib/download.ts";

export interface DownloadButtonProps {
  /** Builds or fetches the file; null when there is nothing to export (a warning instead of an empty file). */
  build: () => Promise<FileBytes | null>;
  testId: string;
  text?: string;
  icon?: ReactElement;
  disabled?: boolean;
  title?: string;
}

/** A button that hands a workbook to the browser, busy while it is built. */
export function DownloadButton({ build, testId, text = "Download XLSX", icon = <Download />, disabled = false, title }: DownloadButtonProps) {
  const download = useDownload();
  return (
    <Button icon={icon} text={text} title={title} loading={download.busy} disabled={disabled || download.busy}
      onClick={() => void download.run(build)} data-testid={testId} />
  );
}
