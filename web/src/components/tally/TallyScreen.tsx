import "./tally.css";
import { AnchorButton, Button, Callout, Card, Dialog, DialogBody, H5, type Intent, NonIdealState, Spinner, Tab, Tabs, Tag } from "@blueprintjs/core";
import { Add, Lock, Offline, Print, Refresh, Remove, Search, Trash, Undo } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError, serverMessage } from "../../lib/api.ts";
import { useRowAction } from "../../lib/data/save.ts";
import { formatDateTime } from "../../lib/format.ts";
import { containerTypeLabel } from "../../lib/labels.ts";
import { notify } from "../../lib/notify.ts";
import { keepLoadedAssetsOffline, useOnline } from "../../lib/offline.ts";
import { signedInUserAtom } from "../../lib/session.ts";
import { dropEntry, keepView, keptView, newEntryId, putEntry, type QueuedEntry, queuedEntries, syncEntries, type TallyDirection } from "../../lib/tally-offline.ts";
import { confirmPrompt } from "../ConfirmPrompt.tsx";
import { DataTable } from "../DataTable.tsx";
import { RowAction, RowActions, textCells } from "../list-cells.tsx";
import { AppLink, PageHeader } from "../PageHeader.tsx";
import { VoyageFacts } from "../VoyageFacts.tsx";
import type { TallyCandidate, TallyEntryInput, TallyLineRow, TallySheetRow, TallyView, WriteResult } from "./contracts.ts";
import { TallyEntryForm } from "./TallyEntryForm.tsx";
import { UndoFinalTallyDialog } from "./UndoFinalTallyDialog.tsx";

/** The calls of one side's tally (001 §7 OutBound or InBound: tally sheet, final tally sheet). */
export interface TallyCalls {
  readView: (voyageNum: string) => Promise<{ data: TallyView }>;
  create: (voyageNum: string, destinationBranchCode: string) => Promise<WriteResult<TallySheetRow>>;
  send: (tallySheetNum: string, entry: TallyEntryInput) => Promise<{ data: TallyLineRow; message: string }>;
  removeLine: (tallySheetNum: string, entryId: string) => Promise<WriteResult<TallySheetRow>>;
  final: (tallySheetNum: string, dateModified: string) => Promise<WriteResult<TallySheetRow>>;
  undo: (tallySheetNum: string, dateModified: string, reason: string) => Promise<WriteResult<TallySheetRow>>;
  printUrl: (tallySheetNum: string) => string;
}

/** What one direction's page hands the screen: its calls, its words and where it sits in the menu. */
export interface TallyScreenSide {
  direction: TallyDirection;
  calls: TallyCalls;
  crumbs: { text: string; href: string }[];
  /** The area page to go back to when the voyage cannot be read. */
  home: { href: string; text: string };
  /** The status a waybill on the list has while its van may be counted. */
  countableStatus: string;
  /** The ports the screen has a tab for: every port of call when loading, the user's own when unloading. */
  ports: (view: TallyView) => TallyView["voyage"]["destinations"];
  tabTitle: (portName: string) => string;
  /** What the final tally does, as the confirmation says it. */
  finalEffect: string;
  startHint: string;
}

const SHEET_INTENT: Record<string, Intent> = { Open: "primary", Final: "success" };

/** A tally sheet's status: Open while counting, Final after the final tally. */
export function TallyStatusTag({ status, testId }: { status: string; testId?: string }) {
  return <Tag minimal intent={SHEET_INTENT[status] ?? "none"} data-testid={testId}>{status}</Tag>;
}

/** While vans wait and the connection is there, they are tried again this often (the online event may not come). */
const RETRY_MS = 15_000;

/** A van as this screen lists it: on the server's sheet, or waiting on this device to be sent. */
interface ShownLine {
  id: number;
  entryId: string;
  containerVanNum: string;
  containerType: string;
  size: string;
  sealNum: string;
  wayBillRef: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  timeTallied: string;
  waiting: boolean;
}

/**
 * The tally of a voyage at the pier, one sheet per port of call: the loading tally (001 §2
 * /outbound/tallySheet/{voyageNum}) and the unloading tally (/inbound/tallySheet/{voyageNum}) are this one screen
 * with the side's calls and words. It keeps working with no connection (lib/tally-offline.ts): the sheet, the waybills on the list and
 * the truckers and yards are kept on the device from the last read; each van counted waits on the device
 * ("n waiting") and is sent when the connection returns or on the next visit; an entry the server refuses is
 * listed with its reason until it is discarded or changed and sent again. The final tally and its undo need the
 * connection.
 */
export function TallyScreen({ voyageNum, side }: { voyageNum: string; side: TallyScreenSide }) {
  const { calls, direction } = side;
  const user = useAtomValue(signedInUserAtom);
  const userId = user?.userId ?? "";
  const canUndo = user?.capabilities.includes("TALLY_SHEET_UNDO") ?? false;
  const online = useOnline();
  const [view, setView] = useState<TallyView | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const [tab, setTab] = useState<string | null>(null);
  const [changing, setChanging] = useState<QueuedEntry | null>(null);
  const [undoing, setUndoing] = useState<TallySheetRow | null>(null);
  const [syncing, setSyncing] = useState(false);
  const writes = useRowAction<string>();

  const readQueue = useCallback(async () => setEntries(await queuedEntries(userId, voyageNum, direction)), [userId, voyageNum, direction]);

  /** The server's answer when it can be had, kept for later; else the copy this device kept. */
  const refresh = useCallback(async () => {
    try {
      const answer = (await calls.readView(voyageNum)).data;
      // Kept first: what the screen shows is then what it can show again with no connection.
      await keepView(userId, voyageNum, answer, direction);
      setView(answer);
      setFromDevice(false);
      setMissing(null);
    } catch (error) {
      const unreachable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      if (!unreachable) {
        setMissing(serverMessage(error));
        return;
      }
      const kept = await keptView(userId, voyageNum, direction);
      if (kept) {
        setView(kept);
        setFromDevice(true);
      } else {
        setMissing("There is no connection, and this device has not read this voyage's tally sheet before.");
      }
    }
  }, [userId, voyageNum, calls, direction]);

  /** Sends what waits; then reads the sheet again when anything landed or came back refused. */
  const sync = useCallback(async () => {
    if (!userId) return;
    setSyncing(true);
    try {
      const result = await syncEntries(userId, voyageNum, (e) => calls.send(e.tallySheetNum, e.body), direction);
      await readQueue();
      if (result.landed > 0) notify.success(`${result.landed} van${result.landed === 1 ? "" : "s"} sent to the tally sheet`);
      if (result.conflicts > 0) notify.warning(`${result.conflicts} van${result.conflicts === 1 ? "" : "s"} could not be counted: see why below`);
      if (result.landed > 0 || result.conflicts > 0) await refresh();
    } finally {
      setSyncing(false);
    }
  }, [userId, voyageNum, readQueue, refresh, calls, direction]);

  // First read, and what an earlier visit left waiting goes now.
  useEffect(() => {
    keepLoadedAssetsOffline();
    void refresh();
    void readQueue().then(sync);
  }, [refresh, readQueue, sync]);

  // The connection is back: send what waits and read the sheet afresh.
  useEffect(() => {
    if (!online) return;
    void sync();
  }, [online, sync]);

  const waitingCount = entries.filter((e) => e.state === "waiting").length;
  useEffect(() => {
    if (!online || waitingCount === 0) return;
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, waitingCount, sync]);

  const destinations = view ? side.ports(view) : [];
  const current = tab ?? destinations[0]?.destinationBranchCode ?? null;
  const sheet = view?.sheets.find((s) => s.destinationBranchCode === current) ?? null;
  const mine = entries.filter((e) => sheet && e.tallySheetNum === sheet.tallySheetNum);
  const waiting = mine.filter((e) => e.state === "waiting");
  const conflicts = entries.filter((e) => e.state === "conflict");

  /** Waybills of this destination on the list whose van is neither on a sheet nor waiting to be sent. */
  const candidates: TallyCandidate[] = useMemo(() => {
    if (!view || !current) return [];
    const counted = new Set([
      ...view.sheets.flatMap((s) => s.lines.map((l) => l.containerVanNum)),
      ...entries.filter((e) => e.state === "waiting").map((e) => e.body.containerVanNum),
    ]);
    return view.onList.filter((c) => c.destinationBranchCode === current && c.status === side.countableStatus && !counted.has(c.containerVanNum));
  }, [view, current, entries, side.countableStatus]);

  const capture = async (body: TallyEntryInput) => {
    if (!sheet) return;
    // A full van named by its waybill carries the waybill's van number, so the list can show it while it waits.
    const van = body.containerVanNum || view?.onList.find((c) => c.wayBillRef === body.wayBillRef)?.containerVanNum || "";
    await putEntry({
      entryId: body.entryId, side: direction, userId, voyageNum, tallySheetNum: sheet.tallySheetNum, body: { ...body, containerVanNum: van },
      state: "waiting", reason: "", queuedAt: new Date().toISOString(),
    });
    await readQueue();
    if (online) await sync();
    else notify.info(`Van ${van} counted; it waits on this device until the connection returns`);
  };

  const resend = async (entry: QueuedEntry, body: TallyEntryInput) => {
    const van = body.containerVanNum || view?.onList.find((c) => c.wayBillRef === body.wayBillRef)?.containerVanNum || "";
    await putEntry({ ...entry, body: { ...body, containerVanNum: van }, state: "waiting", reason: "" });
    setChanging(null);
    await readQueue();
    if (online) await sync();
  };

  const discard = async (entry: QueuedEntry) => {
    const sure = await confirmPrompt({
      title: "Discard the entry",
      description: `Discard van ${entry.body.containerVanNum || entry.body.wayBillRef}? It is not counted on the sheet.`,
      actionText: "Discard",
      intent: "danger",
    });
    if (!sure) return;
    await dropEntry(entry.entryId);
    await readQueue();
  };

  const start = () =>
    void writes.run("start", async () => {
      const made = await calls.create(voyageNum, current ?? "");
      await refresh();
      return made;
    }, () => {});

  const makeFinal = async (s: TallySheetRow) => {
    const sure = await confirmPrompt({
      title: "Final tally",
      description: `Make the final tally of ${s.tallySheetNum} with ${s.lines.length} van${s.lines.length === 1 ? "" : "s"}? The sheet is locked; ${side.finalEffect}.`,
      actionText: "Make final",
      intent: "primary",
    });
    if (sure) void writes.run("final", () => calls.final(s.tallySheetNum, s.dateModified), () => void refresh());
  };

  const takeBack = async (line: ShownLine) => {
    if (!sheet) return;
    const sure = await confirmPrompt({
      title: "Take the van back",
      description: `Take van ${line.containerVanNum} off ${sheet.tallySheetNum}? It was counted by mistake.`,
      actionText: "Take back",
      intent: "warning",
    });
    if (sure) void writes.run(line.entryId, () => calls.removeLine(sheet.tallySheetNum, line.entryId), () => void refresh());
  };

  const crumbs = side.crumbs;
  if (!view) {
    return (
      <div className="lading-page" data-testid="tally-page">
        <PageHeader title={`Tally sheet ${voyageNum}`} crumbs={crumbs} />
        {missing ? (
          <NonIdealState icon={<Search size={32} />} title="Tally sheet not available" description={missing}
            action={<AppLink to={side.home.href}>Back to {side.home.text}</AppLink>} />
        ) : <Spinner />}
      </div>
    );
  }

  const lines: ShownLine[] = [
    ...(sheet?.lines ?? []).map((l: TallyLineRow) => ({
      id: l.id, entryId: l.entryId, containerVanNum: l.containerVanNum, containerType: l.containerType, size: l.size, sealNum: l.sealNum,
      wayBillRef: l.wayBillRef ?? "", truckerName: l.truckerName, plateNum: l.plateNum, driver: l.driver, timeTallied: l.timeTallied, waiting: false,
    })),
    ...waiting.map((e, i) => ({
      id: -1 - i, entryId: e.entryId, containerVanNum: e.body.containerVanNum, containerType: e.body.containerType, size: e.body.size ?? "",
      sealNum: e.body.sealNum, wayBillRef: e.body.wayBillRef ?? "", truckerName: view.truckers.find((t) => t.code === e.body.truckingCode)?.name ?? "",
      plateNum: e.body.plateNum, driver: e.body.driver, timeTallied: e.body.timeTallied, waiting: true,
    })),
  ];
  const text = textCells(lines, { tooltip: true });
  const isOpen = sheet?.status === "Open";

  return (
    <div className="lading-page" data-testid="tally-page">
      <PageHeader
        title={`Tally sheet ${view.voyage.voyageRef}`}
        crumbs={crumbs}
        actions={
          <>
            <Button icon={<Refresh />} text="Read again" disabled={!online || syncing} onClick={() => void refresh().then(sync)} data-testid="tally-refresh" />
            {sheet && (
              <AnchorButton icon={<Print />} text="Print" href={calls.printUrl(sheet.tallySheetNum)} target="_blank" rel="noopener" disabled={!online}
                data-testid="tally-print" />
            )}
          </>
        }
      />
      <div className="lading-tally-status">
        {online ? <Tag intent="success" minimal data-testid="tally-connection">Online</Tag> : (
          <Tag intent="warning" icon={<Offline />} data-testid="tally-connection">Offline</Tag>
        )}
        <Tag intent={waitingCount > 0 ? "warning" : "none"} minimal data-testid="tally-waiting">
          {waitingCount > 0 ? `${waitingCount} waiting` : "All sent"}
        </Tag>
        {syncing && <Spinner size={16} />}
      </div>
      {fromDevice && (
        <Callout intent="warning" icon={<Offline />} className="lading-tally-conflicts" data-testid="tally-kept">
          No connection: this is the sheet as this device read it at {formatDateTime(view.readAt)}. Keep counting: each van waits on this device
          and is sent when the connection returns.
        </Callout>
      )}
      {conflicts.length > 0 && (
        <Callout intent="danger" title="Not counted: the sheet changed meanwhile" className="lading-tally-conflicts" data-testid="tally-conflicts">
          {conflicts.map((e) => (
            <div key={e.entryId} className="lading-tally-conflict" data-testid={`tally-conflict-${e.entryId}`}>
              <strong>{e.body.containerVanNum || e.body.wayBillRef}</strong>
              <span className="lading-tally-conflict-reason" data-testid={`tally-conflict-reason-${e.entryId}`}>{e.reason}</span>
              <Button size="small" icon={<Refresh />} text="Change and send again" onClick={() => setChanging(e)} data-testid={`tally-conflict-change-${e.entryId}`} />
              <Button size="small" intent="danger" icon={<Trash />} text="Discard" onClick={() => void discard(e)} data-testid={`tally-conflict-discard-${e.entryId}`} />
            </div>
          ))}
        </Callout>
      )}
      <VoyageFacts voyage={view.voyage} />

      <Tabs id="tally-destinations" selectedTabId={current ?? undefined} onChange={(id) => setTab(String(id))}>
        {destinations.map((d) => (
          <Tab key={d.destinationBranchCode} id={d.destinationBranchCode} title={side.tabTitle(d.destinationBranchName)} data-testid={`tally-tab-${d.destinationBranchCode}`} />
        ))}
      </Tabs>

      {!sheet ? (
        <NonIdealState
          title="No tally sheet yet"
          description={online ? side.startHint : "Start the sheet once there is a connection."}
          action={<Button intent="primary" icon={<Add />} text="Start tally sheet" disabled={!online} loading={writes.busy === "start"} onClick={start}
            data-testid="tally-start" />}
        />
      ) : (
        <>
          <Card className="lading-loading-facts">
            <dl className="lading-kv lading-kv-plain lading-loading-kv">
              <dt>Tally sheet</dt>
              <dd data-testid="tally-sheet-num">{sheet.tallySheetNum}</dd>
              <dt>Status</dt>
              <dd><TallyStatusTag status={sheet.status} testId="tally-sheet-status" /></dd>
              <dt>Time started</dt>
              <dd data-testid="tally-time-started">{formatDateTime(sheet.timeStarted)}</dd>
              <dt>Time finished</dt>
              <dd data-testid="tally-time-finished">{sheet.timeFinished ? formatDateTime(sheet.timeFinished) : "Not yet"}</dd>
              <dt>Vans counted</dt>
              <dd data-testid="tally-count">{sheet.lines.length}</dd>
              <dt>Final tally</dt>
              <dd data-testid="tally-final-at">{sheet.dateFinalized ? `${formatDateTime(sheet.dateFinalized)} · ${sheet.finalizedBy ?? ""}` : "Not yet"}</dd>
            </dl>
            <div className="lading-loading-pick">
              {isOpen && (
                <Button intent="primary" icon={<Lock />} text="Make final tally" loading={writes.busy === "final"}
                  disabled={!online || waitingCount > 0 || sheet.lines.length === 0 || writes.busy !== null}
                  title={waitingCount > 0 ? "Send the waiting vans first" : undefined} onClick={() => void makeFinal(sheet)} data-testid="tally-final" />
              )}
              {!isOpen && canUndo && (
                <Button intent="warning" icon={<Undo />} text="Undo final tally" disabled={!online} onClick={() => setUndoing(sheet)} data-testid="tally-undo" />
              )}
            </div>
          </Card>

          {isOpen && (
            <Card className="lading-loading-facts">
              <H5>Count a van</H5>
              <TallyEntryForm key={`${sheet.tallySheetNum}`} view={view} candidates={candidates} newEntryId={newEntryId} submitText="Count van" idPrefix="tally-entry"
                onSubmit={capture} />
            </Card>
          )}

          <H5 className="lading-loading-section">Vans counted</H5>
          <DataTable numRows={lines.length} frozen={1} testId="tally-lines">
            <Column name="Van No." cellRenderer={text((l) => l.containerVanNum, (l) => `tally-line-${l.containerVanNum}`)} />
            <Column name="State" cellRenderer={(row) => (
              <Cell>
                {lines[row] && (lines[row].waiting
                  ? <Tag intent="warning" minimal data-testid={`tally-line-state-${lines[row].containerVanNum}`}>Waiting</Tag>
                  : <Tag intent="success" minimal data-testid={`tally-line-state-${lines[row].containerVanNum}`}>On the sheet</Tag>)}
              </Cell>
            )} />
            <Column name="Type" cellRenderer={text((l) => `${l.containerType} · ${containerTypeLabel(l.containerType)}`)} />
            <Column name="Size" cellRenderer={text((l) => l.size)} />
            <Column name="Seal" cellRenderer={text((l) => l.sealNum)} />
            <Column name="Waybill" cellRenderer={text((l) => l.wayBillRef, (l) => `tally-line-waybill-${l.containerVanNum}`)} />
            <Column name="Trucker" cellRenderer={text((l) => l.truckerName)} />
            <Column name="Plate" cellRenderer={text((l) => l.plateNum)} />
            <Column name="Driver" cellRenderer={text((l) => l.driver)} />
            <Column name="Counted" cellRenderer={text((l) => formatDateTime(l.timeTallied))} />
            <Column name="Actions" cellRenderer={(row) => {
              const line = lines[row];
              if (!line) return <Cell />;
              return (
                <Cell interactive className="lading-actions-cell">
                  <RowActions>
                    <RowAction icon={<Remove />} label="Take back" hint={line.waiting ? "Not sent yet" : "Take the van back off the sheet"}
                      disabled={line.waiting || !isOpen || !online || writes.busy !== null} onClick={() => void takeBack(line)}
                      data-testid={`tally-line-take-back-${line.containerVanNum}`} />
                  </RowActions>
                </Cell>
              );
            }} />
          </DataTable>
          {lines.length === 0 && <NonIdealState title="No van counted yet" />}
        </>
      )}

      <Dialog isOpen={changing !== null} onClose={() => setChanging(null)} title="Change the entry and send it again" className="lading-form-dialog">
        <DialogBody>
          {changing && (
            <>
              <Callout intent="danger" className="lading-tally-conflicts">{changing.reason}</Callout>
              <TallyEntryForm view={view} candidates={candidates} entry={changing.body}
                newEntryId={newEntryId} submitText="Send again" idPrefix="tally-change" onSubmit={(body) => resend(changing, body)} />
            </>
          )}
        </DialogBody>
      </Dialog>
      <UndoFinalTallyDialog sheet={undoing} undo={calls.undo} onClose={() => setUndoing(null)} onDone={() => {
        setUndoing(null);
        void refresh();
      }} />
    </div>
  );
}
