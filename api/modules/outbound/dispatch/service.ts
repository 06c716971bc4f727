import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { branches, dispatchLists, type DispatchLine, roleDetails, roles, userBranches, users, vessels, voyageScheduleDestinations, voyageSchedules } from "../../../../db/schema/index.ts";
import { type BranchScope, branchCondition, coversBranch, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES } from "../../../shared/page-paths.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import { transition } from "../../../shared/workflow.ts";
import type { Caller } from "../../auth/index.ts";
import { cargoStageTimes, type DeliveryListLine, inboundDeliveryList, pickUpList } from "../../bookings/index.ts";
import { queueEmail } from "../../email/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { DISPATCH_MENU, DISPATCH_PAGE, DISPATCH_SERIES, RELEASED_STAGE, DISPATCH_VIEWS, type DispatchDirection, dispatchTitle, dispatchWorkflow } from "./rules.ts";
import type { CreateDispatchInput, DispatchListQuery, DispatchRow, DispatchScopeQuery, SendDispatchInput } from "./schemas.ts";

/**
 * Dispatch lists (001 §4, §7): the door bookings of a voyage at one branch, handed to the branch's dispatch team.
 * Every call takes the direction: Outbound is the pick-ups at the voyage's origin (the /outbound/dispatchModule
 * screen), Inbound the deliveries at one of its ports of call whose cargo release order is made (the
 * /inbound/dispatchModule screen, whose routes the inbound module declares). A list belongs to its branch: staff of
 * other branches find no such list.
 */

type DispatchRecord = typeof dispatchLists.$inferSelect;

export const dispatchTarget = {
  table: dispatchLists, id: dispatchLists.id, status: dispatchLists.status, dateModified: dispatchLists.dateModified, label: dispatchLists.dispatchNum,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

/** The voyage a list is made for, and the branch it is made at: outbound at its origin, inbound at one of its calls. */
async function voyageAndBranch(db: Db, scope: BranchScope, direction: DispatchDirection, input: DispatchScopeQuery) {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) throw refused("voyageNum", `Voyage ${input.voyageNum} does not exist.`);
  const calls = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  let branchCode: string;
  if (direction === "Outbound") {
    branchCode = voyage.originBranchCode;
    if (input.branchCode && input.branchCode.toUpperCase() !== branchCode.toUpperCase()) {
      throw refused("branchCode", `The pick-ups of voyage ${voyage.voyageNum} are dispatched from its origin, ${branchCode}.`);
    }
  } else {
    const call = calls.find((c) => c.code.toUpperCase() === input.branchCode.toUpperCase());
    if (!call) throw refused("branchCode", `Voyage ${voyage.voyageNum} calls at ${calls.map((c) => c.code).join(", ")}; name one of them.`);
    branchCode = call.code;
  }
  if (!coversBranch(scope, branchCode)) {
    const field = direction === "Outbound" ? "voyageNum" : "branchCode";
    throw refused(field, `You do not work for branch ${branchCode}, where the dispatch list of voyage ${voyage.voyageNum} is made.`);
  }
  return { voyage, branchCode };
}

/** The delivery list lines (001 §3) of the voyage's door bookings at the branch, as the bookings stand now. */
async function currentLines(db: Db, scope: BranchScope, direction: DispatchDirection, voyageNum: string, branchCode: string): Promise<DispatchLine[]> {
  const query = { branchCode, voyageNum };
  const { data: door } = direction === "Outbound" ? await pickUpList(db, query, scope) : await inboundDeliveryList(db, query, scope);
  // A delivery goes out only once the cargo is released to the consignee: its cargo release order (stage 7) is made.
  const released = direction === "Inbound" ? await cargoStageTimes(db, door.map((l) => l.bookingRef), [RELEASED_STAGE]) : null;
  const data = released ? door.filter((l) => released.has(l.bookingRef)) : door;
  return data.map((l: DeliveryListLine) => ({
    bookingRef: l.bookingRef, bookingDate: l.bookingDate, customer: l.customer, destination: l.destination, address: l.address,
    modeOfDelivery: l.modeOfDelivery, remarks: l.remarks,
  }));
}

/** The door lines a new list of the voyage would carry now: what the new-list dialog shows before it is made. */
export async function previewDispatch(db: Db, scope: BranchScope, direction: DispatchDirection, input: DispatchScopeQuery) {
  const { voyage, branchCode } = await voyageAndBranch(db, scope, direction, input);
  const data = await currentLines(db, scope, direction, voyage.voyageNum, branchCode);
  const none = direction === "Outbound"
    ? `Voyage ${voyage.voyageNum} has no door pick-ups at ${branchCode}.`
    : `Voyage ${voyage.voyageNum} has no door deliveries released at ${branchCode}.`;
  return data.length === 0 ? { data, branchCode, message: none } : { data, branchCode };
}

async function rowsOf(db: Db, scope: BranchScope, records: readonly DispatchRecord[]): Promise<DispatchRow[]> {
  if (records.length === 0) return [];
  const [voyageRows, branchRows] = await Promise.all([
    db.select({ voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name }).from(voyageSchedules)
      .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(inArray(voyageSchedules.voyageNum, [...new Set(records.map((r) => r.voyageNum))])),
    db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [...new Set(records.map((r) => r.branchCode))])),
  ]);
  const rows: DispatchRow[] = [];
  for (const r of records) {
    const direction = r.direction as DispatchDirection;
    const voyage = voyageRows.find((v) => v.voyageNum === r.voyageNum);
    rows.push({
      id: r.id,
      dispatchNum: r.dispatchNum,
      direction,
      status: r.status as DispatchRow["status"],
      voyageNum: r.voyageNum,
      voyageRef: voyage?.voyageRef ?? "",
      vesselName: voyage?.vesselName ?? "",
      branchCode: r.branchCode,
      branchName: branchRows.find((b) => b.code === r.branchCode)?.name ?? r.branchCode,
      // A draft shows the bookings as they stand; once sent, the list stays what the team received.
      lines: r.status === initialStatus(dispatchWorkflow) ? await currentLines(db, scope, direction, r.voyageNum, r.branchCode) : r.lines,
      remarks: r.remarks,
      dateSent: r.dateSent?.toISOString() ?? null,
      sentBy: r.sentBy,
      dateArchived: r.dateArchived?.toISOString() ?? null,
      archivedBy: r.archivedBy,
      userCreated: r.userCreated ?? "",
      dateCreated: r.dateCreated.toISOString(),
      dateModified: r.dateModified.toISOString(),
    });
  }
  return rows;
}

async function dispatchRecord(db: Db, scope: BranchScope, direction: DispatchDirection, dispatchNum: string): Promise<DispatchRecord> {
  return await findInScope(db, dispatchLists, dispatchLists.branchCode, scope,
    and(sql`lower(${dispatchLists.dispatchNum}) = lower(${dispatchNum})`, eq(dispatchLists.direction, direction))!,
    `Dispatch list ${dispatchNum} was not found.`);
}

export async function dispatchByNum(db: Db, scope: BranchScope, direction: DispatchDirection, dispatchNum: string): Promise<DispatchRow> {
  const [row] = await rowsOf(db, scope, [await dispatchRecord(db, scope, direction, dispatchNum)]);
  return row;
}

/** The lists of the caller's branches: those in work (Draft, Sent) or the archive, newest first, by voyage, with a search. */
export async function listDispatchLists(db: Db, scope: BranchScope, direction: DispatchDirection, query: DispatchListQuery) {
  const where = and(
    eq(dispatchLists.direction, direction),
    branchCondition(scope, dispatchLists.branchCode),
    inArray(dispatchLists.status, [...DISPATCH_VIEWS[query.view]]),
    query.voyageNum ? sql`lower(${dispatchLists.voyageNum}) = lower(${query.voyageNum})` : undefined,
    searchAny([dispatchLists.dispatchNum, dispatchLists.voyageNum, dispatchLists.remarks], query.search || undefined),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(dispatchLists).where(where).orderBy(desc(dispatchLists.dateCreated), desc(dispatchLists.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(dispatchLists).where(where),
  ]);
  const data = await rowsOf(db, scope, records);
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}

/**
 * A new Draft list of the voyage at its branch, numbered from the branch's DL series. One draft at a time per
 * voyage, branch and direction: a second is refused, naming the first.
 */
export async function createDispatchList(db: Db, caller: Caller, direction: DispatchDirection, input: CreateDispatchInput) {
  const { voyage, branchCode } = await voyageAndBranch(db, caller, direction, input);
  const now = new Date();
  const dispatchNum = await db.transaction(async (tx: Tx) => {
    const [draft] = await tx.select({ dispatchNum: dispatchLists.dispatchNum }).from(dispatchLists).where(and(
      eq(dispatchLists.direction, direction), eq(dispatchLists.voyageNum, voyage.voyageNum), eq(dispatchLists.branchCode, branchCode),
      eq(dispatchLists.status, initialStatus(dispatchWorkflow)),
    ));
    if (draft) throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} already has draft dispatch list ${draft.dispatchNum} at ${branchCode}; send that one.`);
    const number = await nextNumber(tx, { series: DISPATCH_SERIES, branchCode, on: now });
    await tx.insert(dispatchLists).values({
      dispatchNum: number, direction, status: initialStatus(dispatchWorkflow), voyageNum: voyage.voyageNum, branchCode, remarks: input.remarks,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    return number;
  });
  return { data: await dispatchByNum(db, caller, direction, dispatchNum), message: `Dispatch list ${dispatchNum} created successfully` };
}

function checkUnchanged(record: DispatchRecord, dateModified: string): void {
  if (new Date(dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Dispatch list ${record.dispatchNum} was changed by someone else after you opened it. Reload it and try again.`);
  }
}

/** The branch's dispatch team: the active users of active roles holding the direction's menu, assigned to the branch. */
async function dispatchTeam(db: Db, direction: DispatchDirection, branchCode: string) {
  return await db.selectDistinct({ userId: users.userId, name: users.name, email: users.email }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(roleDetails, eq(roleDetails.roleId, roles.id))
    .innerJoin(userBranches, eq(userBranches.userKey, users.id))
    .innerJoin(branches, eq(branches.id, userBranches.branchId))
    .where(and(
      eq(users.isActive, true), eq(roles.isActive, true), eq(roleDetails.type, "MENU"), eq(roleDetails.menuId, DISPATCH_MENU[direction]),
      eq(roleDetails.isAllowed, true), eq(branches.code, branchCode),
    ))
    .orderBy(asc(users.userId));
}

/** The e-mail's text: what the list is for, then one numbered line per booking. */
function listText(record: DispatchRecord, voyage: { voyageRef: string; vesselName: string }, lines: DispatchLine[], remarks: string): string {
  const head = `${dispatchTitle(record.direction as DispatchDirection)} ${record.dispatchNum} of voyage ${record.voyageNum} (${voyage.voyageRef}, ${voyage.vesselName}) at ${record.branchCode}: ${lines.length} door booking${lines.length === 1 ? "" : "s"}.`;
  const body = lines.map((l, i) =>
    `${i + 1}. ${l.bookingRef}, booked ${l.bookingDate}: ${l.customer}, ${l.address || "no address"} (${l.modeOfDelivery}, to ${l.destination})${l.remarks ? `. ${l.remarks}` : ""}`
  );
  return [head, ...(remarks ? [`Remarks: ${remarks}`] : []), "", ...body].join("\n");
}

/**
 * Sends a Draft list: its lines are kept as they are now, it moves to Sent through its workflow, and each member
 * of the branch's dispatch team with an e-mail address gets the list through the outbox, in one transaction.
 * The team is told by notification once it is committed. A list with no door booking is not sent.
 */
export async function sendDispatchList(db: Db, caller: Caller, direction: DispatchDirection, dispatchNum: string, input: SendDispatchInput) {
  const record = await dispatchRecord(db, caller, direction, dispatchNum);
  checkUnchanged(record, input.dateModified);
  if (record.status !== initialStatus(dispatchWorkflow)) {
    throw new AppError("CONFLICT", `Dispatch list ${record.dispatchNum} is ${record.status}; only a Draft list is sent.`);
  }
  const lines = await currentLines(db, caller, direction, record.voyageNum, record.branchCode);
  if (lines.length === 0) {
    throw new AppError("CONFLICT", `Dispatch list ${record.dispatchNum} has no door booking to send: voyage ${record.voyageNum} has none at ${record.branchCode}.`);
  }
  const [voyage] = await db.select({ voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(eq(voyageSchedules.voyageNum, record.voyageNum));
  const remarks = input.remarks ?? record.remarks;
  const team = await dispatchTeam(db, direction, record.branchCode);
  const mailed = team.filter((m) => m.email.trim() !== "");
  const now = new Date();
  const title = dispatchTitle(direction);
  await db.transaction(async (tx: Tx) => {
    await transition(tx, dispatchWorkflow, dispatchTarget, {
      id: record.id, action: "send", actor: caller,
      set: { lines, remarks, dateSent: now, sentBy: caller.userId, userModified: caller.userId },
    });
    for (const member of mailed) {
      await queueEmail(tx, {
        template: "generic",
        to: member.email,
        data: { name: member.name, subject: `${title} ${record.dispatchNum}: voyage ${record.voyageNum} at ${record.branchCode}`, message: listText(record, voyage, lines, remarks) },
        requestedBy: caller.userId,
        meta: { dispatchNum: record.dispatchNum },
      });
    }
  });
  await sendNotification(db, {
    title: `${title} sent`,
    message: `${title} ${record.dispatchNum} of voyage ${record.voyageNum} at ${record.branchCode}: ${lines.length} door booking${lines.length === 1 ? "" : "s"} to handle.`,
    url: `${PAGES[DISPATCH_PAGE[direction]]}?dispatchNum=${encodeURIComponent(record.dispatchNum)}`,
    sender: caller.userId,
    userIds: team.map((m) => m.userId),
    leaveOutSender: true,
  });
  const mail = mailed.length === 0
    ? "nobody on it has an e-mail address"
    : `e-mailed to ${mailed.length} ${mailed.length === 1 ? "person" : "people"}`;
  return {
    data: await dispatchByNum(db, caller, direction, record.dispatchNum),
    message: `Dispatch list ${record.dispatchNum} sent to the dispatch team of ${record.branchCode}; ${mail}.`,
  };
}

/** Archives a Sent list: it leaves the lists in work and stays readable in the archive, lines as sent. */
export async function archiveDispatchList(db: Db, caller: Caller, direction: DispatchDirection, dispatchNum: string, input: { dateModified: string }) {
  const record = await dispatchRecord(db, caller, direction, dispatchNum);
  checkUnchanged(record, input.dateModified);
  await transition(db, dispatchWorkflow, dispatchTarget, {
    id: record.id, action: "archive", actor: caller, set: { dateArchived: new Date(), archivedBy: caller.userId, userModified: caller.userId },
  });
  return { data: await dispatchByNum(db, caller, direction, record.dispatchNum), message: `Dispatch list ${record.dispatchNum} archived successfully` };
}
