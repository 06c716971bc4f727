import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../../db/client.ts";
import { areas, branches, customerRequests, type RequestedAddress, roleDetails, roles, userBranches, users } from "../../../db/schema/index.ts";
import { changedValues, recordAudit } from "../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { PAGES } from "../../shared/page-paths.ts";
import { historyOf, initialStatus, transition } from "../../shared/workflow.ts";
import type { Caller } from "../auth/index.ts";
import {
  createWithDetails,
  createWithDetailsBody,
  customersLikeCompany,
  type CustomerWithDetails,
  getWithDetailsByCode,
  updateWithDetails,
  updateWithDetailsBody,
} from "../master-data/index.ts";
import { sendNotification } from "../notifications/index.ts";
import {
  ARCHIVABLE,
  CUSTOMER_REQUEST_MESSAGES,
  CUSTOMER_REQUEST_SERIES,
  CUSTOMER_REQUEST_TITLE,
  type CustomerRequestAction,
  type CustomerRequestStatus,
  customerRequestWorkflow,
  EDITABLE,
  isApprover,
  LIST_STATUSES,
  NEW_CUSTOMER_SERIES,
  type RequestType,
} from "./rules.ts";
import type { CompanySearchAnswer, CreateRequestInput, RequestListQuery, RequestRow, StatusInput, UpdateRequestInput } from "./schemas.ts";

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const sameCode = (column: AnyPgColumn, value: string) => sql`lower(${column}) = lower(${value})`;

export const requestTarget = {
  table: customerRequests,
  id: customerRequests.id,
  status: customerRequests.status,
  dateModified: customerRequests.dateModified,
  label: customerRequests.requestNum,
  drafter: customerRequests.requestedBy,
};

function selectRows(db: Db) {
  return db.select({ request: customerRequests, requestedByName: users.name }).from(customerRequests)
    .leftJoin(users, eq(users.userId, customerRequests.requestedBy));
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

function toRow({ request: r, requestedByName }: Selected): RequestRow {
  return {
    id: r.id,
    requestNum: r.requestNum,
    branchCode: r.branchCode,
    requestType: r.requestType as RequestType,
    customerCode: r.customerCode,
    status: r.status as CustomerRequestStatus,
    isArchive: r.isArchive,
    revision: r.revision,
    company: r.company,
    firstName: r.firstName,
    middleInitial: r.middleInitial,
    lastName: r.lastName,
    address: r.address,
    contactNum: r.contactNum,
    customerContactEmail: r.customerContactEmail,
    tin: r.tin,
    customerType: r.customerType as RequestRow["customerType"],
    accountExecutiveId: r.accountExecutiveId,
    addresses: r.addresses,
    remarks: r.remarks,
    requestedBy: r.requestedBy,
    requestedByName: requestedByName ?? r.requestedBy,
    dateSubmitted: r.dateSubmitted?.toISOString() ?? null,
    decidedBy: r.decidedBy,
    dateDecided: r.dateDecided?.toISOString() ?? null,
    decisionRemarks: r.decisionRemarks,
    dateCreated: r.dateCreated.toISOString(),
    dateModified: r.dateModified.toISOString(),
  };
}

const notFound = (requestNum: string) => new AppError("NOT_FOUND", `Customer request ${requestNum} was not found.`);

/** One request by its number, if it is of a branch the caller works for; another branch's answers as a missing one. */
export async function requestByNum(db: Db, requestNum: string, scope: BranchScope): Promise<RequestRow> {
  const [row] = await selectRows(db).where(and(sameCode(customerRequests.requestNum, requestNum), branchCondition(scope, customerRequests.branchCode)));
  if (!row) throw notFound(requestNum);
  return toRow(row);
}

/** A request with the steps of its history, for the request's dialog. */
export async function requestWithHistory(db: Db, requestNum: string, scope: BranchScope) {
  const request = await requestByNum(db, requestNum, scope);
  const history = (await historyOf(db, customerRequestWorkflow, request.id)).map((h) => ({
    action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, actor: h.actor, remarks: h.remarks, at: h.dateCreated.toISOString(),
  }));
  return { data: { ...request, history } };
}

/**
 * One of the three lists (001 §2), within the caller's branches: drafts (Draft and Denied) and the archive show
 * the branches' requests; the approval list shows an approver every request waiting in their branches, and
 * anyone else their own (001 §6: the list depends on isApprover).
 */
export async function listRequests(db: Db, caller: Caller, query: RequestListQuery) {
  const approver = isApprover(caller);
  const where = and(
    branchCondition(caller, customerRequests.branchCode),
    eq(customerRequests.isArchive, query.list === "archive"),
    inArray(customerRequests.status, [...LIST_STATUSES[query.list]]),
    query.list === "forApproval" && !approver ? eq(customerRequests.requestedBy, caller.userId) : undefined,
    searchAny(
      [customerRequests.requestNum, customerRequests.company, customerRequests.customerContactEmail, customerRequests.customerCode, customerRequests.requestedBy],
      query.search || undefined,
    ),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(customerRequests.dateModified), desc(customerRequests.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(customerRequests).where(where),
  ]);
  const data = rows.map(toRow);
  const answer = { data, total: Number(total), isApprover: approver };
  return data.length === 0 ? { ...answer, message: EMPTY_LIST_MESSAGE } : answer;
}

/** Spaces folded and letter case ignored: how two company names are compared for an exact duplicate. */
const companyKey = (company: string) => company.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The company-name search made before a new request (001 §7 RequestedCustomers): customers whose name is alike
 * (the customer master's trigram index) and open requests of the caller's branches alike, so that a customer the
 * line already has, or one already asked for, is seen before a second is made.
 */
export async function searchCompany(db: Db, scope: BranchScope, company: string): Promise<CompanySearchAnswer> {
  const customers = await customersLikeCompany(db, company, 10);
  const term = company.trim();
  const requests = await db.select({
    requestNum: customerRequests.requestNum, company: customerRequests.company, requestType: customerRequests.requestType,
    status: customerRequests.status, branchCode: customerRequests.branchCode,
  }).from(customerRequests)
    .where(and(
      branchCondition(scope, customerRequests.branchCode),
      eq(customerRequests.isArchive, false),
      inArray(customerRequests.status, ["Draft", "For Approval"]),
      sql`(${customerRequests.company} % ${term} or ${customerRequests.company} ilike ${"%" + term.replace(/[\\%_]/g, (ch) => "\\" + ch) + "%"})`,
    ))
    .orderBy(sql`similarity(${customerRequests.company}, ${term}) desc`, asc(customerRequests.requestNum))
    .limit(10);
  const data = {
    customers: customers.map((c) => ({
      code: c.code, company: c.company, contactName: [c.firstName, c.lastName].filter(Boolean).join(" "),
      customerContactEmail: c.customerContactEmail, branchCode: c.branchCode, isActive: c.isActive, likeness: Math.round(c.likeness * 100) / 100,
      dateModified: c.dateModified.toISOString(),
    })),
    requests: requests.map((r) => ({ ...r, requestType: r.requestType as RequestType, status: r.status as CustomerRequestStatus })),
  };
  const none = data.customers.length === 0 && data.requests.length === 0;
  return none ? { data, message: `No customer or open request is named like "${term}".` } : { data };
}

/** A customer of the master with its details, for a change request to start from. */
export async function customerToChange(db: Db, code: string) {
  return { data: await getWithDetailsByCode(db, code) };
}

/** Active users whose active role carries the account executive capability (SQ_AE); of one branch when given. */
async function accountExecutivesWhere(db: Db, extra: ReturnType<typeof and>) {
  return await db.select({ userId: users.userId, name: users.name }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(
      eq(users.isActive, true),
      eq(roles.isActive, true),
      sql`exists (select 1 from ${roleDetails} where ${roleDetails.roleId} = ${roles.id} and ${roleDetails.isAllowed}
        and ${roleDetails.type} = 'CAPABILITY' and ${roleDetails.menuId} = 'SQ_AE')`,
      extra,
    ))
    .orderBy(asc(users.name), asc(users.userId));
}

/** The account executives of a branch of the caller's: whom a customer may be assigned to. */
export async function accountExecutivesOf(db: Db, scope: BranchScope, branchCode: string) {
  if (!coversBranch(scope, branchCode)) throw refused("branchCode", `You do not work for branch ${branchCode}.`);
  const data = await accountExecutivesWhere(db, sql`exists (select 1 from ${userBranches} join ${branches} on ${branches.id} = ${userBranches.branchId}
    where ${userBranches.userKey} = ${users.id} and lower(${branches.code}) = lower(${branchCode}))`);
  return data.length === 0 ? { data, message: `No account executive works for branch ${branchCode}.` } : { data };
}

/** The account executive as stored, or the refusal naming the field. */
async function checkedAccountExecutive(db: Db, userId: string): Promise<string> {
  const [found] = await accountExecutivesWhere(db, sameCode(users.userId, userId));
  if (!found) throw refused("accountExecutiveId", `${userId} is not an active account executive.`);
  return found.userId;
}

/** The branch a request belongs to: the one asked (of the caller's), else the caller's default branch. */
async function requestBranch(db: Db, caller: Caller, asked: string | undefined): Promise<string> {
  if (asked) {
    const [branch] = await db.select({ code: branches.code }).from(branches).where(sameCode(branches.code, asked));
    if (!branch) throw refused("branchCode", `Branch ${asked} does not exist.`);
    if (!coversBranch(caller, branch.code)) throw refused("branchCode", `You do not work for branch ${branch.code}.`);
    return branch.code;
  }
  const [own] = await db.select({ code: branches.code }).from(userBranches)
    .innerJoin(branches, eq(branches.id, userBranches.branchId))
    .where(eq(userBranches.userKey, caller.id))
    .orderBy(desc(userBranches.defaultBranch), asc(branches.code))
    .limit(1);
  if (!own) throw refused("branchCode", "Choose the branch the request is for: you have no branch of your own.");
  return own.code;
}

/** A new customer whose company is exactly one the master has is refused: the request should change that one. */
async function refuseExactDuplicate(db: Db, company: string): Promise<void> {
  const alike = await customersLikeCompany(db, company, 10);
  const same = alike.find((c) => companyKey(c.company) === companyKey(company));
  if (same) {
    throw new AppError("CONFLICT", `Customer ${same.code} is already named ${same.company}; request a change to it instead of a new customer.`, {
      company: [`Customer ${same.code} already has this name`],
    });
  }
}

/** A second open request for the change of one customer is refused, naming the first. */
async function refuseSecondChange(db: Db, customerCode: string, exceptId?: number): Promise<void> {
  const [open] = await db.select({ requestNum: customerRequests.requestNum, id: customerRequests.id }).from(customerRequests)
    .where(and(eq(customerRequests.customerCode, customerCode), eq(customerRequests.isArchive, false), inArray(customerRequests.status, ["Draft", "For Approval", "Denied"])));
  if (open && open.id !== exceptId) {
    throw new AppError("CONFLICT", `Customer ${customerCode} already has request ${open.requestNum} open; change that one.`, { customerCode: [`Request ${open.requestNum} is open`] });
  }
}

type Detail = Omit<UpdateRequestInput, "dateModified" | "submit">;

/** The areas the addresses name must exist, as the customer master will ask when the request is approved. */
async function checkAreas(db: Db, input: Detail): Promise<void> {
  const named = [...new Set(input.addresses.map((a) => a.areaCode).filter((c): c is string => !!c))];
  if (named.length === 0) return;
  const found = await db.select({ code: areas.code }).from(areas).where(inArray(areas.code, named));
  const missing = named.filter((c) => !found.some((f) => f.code === c));
  if (missing.length > 0) throw refused("addresses", `Area ${missing.join(", ")} does not exist.`);
}

function detailValues(input: Detail) {
  return {
    company: input.company,
    firstName: input.firstName,
    middleInitial: input.middleInitial,
    lastName: input.lastName,
    address: input.address,
    contactNum: input.contactNum,
    customerContactEmail: input.customerContactEmail,
    tin: input.tin,
    customerType: input.customerType,
    accountExecutiveId: input.accountExecutiveId ?? null,
    addresses: input.addresses as RequestedAddress[],
    remarks: input.remarks,
  };
}

/** Tells the approvers of the request's branch that it waits for them. Called after the commit. */
async function tellApprovers(db: Db, caller: Caller, request: RequestRow): Promise<void> {
  await sendNotification(db, {
    title: CUSTOMER_REQUEST_TITLE,
    message: `${request.requestNum}: ${request.requestType === "New" ? "new customer" : `change to customer ${request.customerCode}`} ${request.company} waits for your approval.`,
    url: `${PAGES.customerRequestsForApproval}?search=${encodeURIComponent(request.requestNum)}`,
    sender: caller.userId,
    holders: { menu: "CUSTOMER", capabilities: ["APPROVER"], branchCode: request.branchCode },
    leaveOutSender: true,
  });
}

/** Tells the requester how their request was decided. Called after the commit; a requester who left is not told. */
async function tellRequester(db: Db, caller: Caller, request: RequestRow): Promise<void> {
  const approved = request.status === "Approved";
  const message = approved
    ? `${request.requestNum}: ${request.company} approved; customer ${request.customerCode} is in master data.`
    : `${request.requestNum}: ${request.company} denied: ${request.decisionRemarks}`;
  try {
    await sendNotification(db, {
      title: CUSTOMER_REQUEST_TITLE,
      message,
      url: `${approved ? PAGES.customerRequestArchive : PAGES.customerRequestDrafts}?search=${encodeURIComponent(request.requestNum)}`,
      sender: caller.userId,
      userIds: [request.requestedBy],
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === "VALIDATION")) throw err;
  }
}

/**
 * Writes a request (001 §7 RequestedCustomers create): numbered from its branch's CRQ series, a draft, or sent for
 * approval at once when `submit` says so (the approvers of the branch are then told). The company-name search is
 * the screen's first step; an exact duplicate of a customer is refused here as well.
 */
export async function createRequest(db: Db, caller: Caller, input: CreateRequestInput) {
  const branchCode = await requestBranch(db, caller, input.branchCode);
  let customerCode: string | null = null;
  if (input.requestType === "Change") {
    customerCode = (await getWithDetailsByCode(db, input.customerCode!).catch((err) => {
      if (err instanceof AppError && err.code === "NOT_FOUND") throw refused("customerCode", `Customer ${input.customerCode} does not exist.`);
      throw err;
    })).code;
    await refuseSecondChange(db, customerCode);
  } else {
    await refuseExactDuplicate(db, input.company);
  }
  await checkAreas(db, input);
  const accountExecutiveId = input.accountExecutiveId ? await checkedAccountExecutive(db, input.accountExecutiveId) : null;
  const now = new Date();
  const requestNum = await db.transaction(async (tx: Tx) => {
    const num = await nextNumber(tx, { series: CUSTOMER_REQUEST_SERIES, branchCode, on: now });
    const [row] = await tx.insert(customerRequests).values({
      requestNum: num, branchCode, requestType: input.requestType, customerCode, status: initialStatus(customerRequestWorkflow),
      ...detailValues(input), accountExecutiveId, requestedBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).returning({ id: customerRequests.id });
    await recordAudit(tx, {
      actor: caller.userId, action: "CUSTOMER_REQUEST_CREATED", target: `customer-request:${num}`,
      detail: { recordId: row.id, branchCode, requestType: input.requestType, customerCode, company: input.company },
    });
    if (input.submit) {
      await transition(tx, customerRequestWorkflow, requestTarget, { id: row.id, action: "submit", actor: caller, set: { dateSubmitted: now } });
    }
    return num;
  });
  const data = await requestByNum(db, requestNum, caller);
  if (data.status === "For Approval") await tellApprovers(db, caller, data);
  return { data, message: CUSTOMER_REQUEST_MESSAGES.created };
}

const stale = () => new AppError("CONFLICT", "This customer request was changed by someone else after you opened it. Reload it and try again.");

/** The request row locked for the change, refused when it moved on since the caller read it. */
async function lockedAsRead(tx: Tx, id: number, dateModified: string) {
  const [row] = await tx.select().from(customerRequests).where(eq(customerRequests.id, id)).for("update");
  if (!row || row.dateModified.getTime() !== new Date(dateModified).getTime()) throw stale();
  return row;
}

/** Changes a draft's customer detail with the dateModified read, and sends it for approval when `submit` says so. */
export async function updateRequest(db: Db, caller: Caller, requestNum: string, input: UpdateRequestInput) {
  const current = await requestByNum(db, requestNum, caller);
  if (!EDITABLE.includes(current.status) || current.isArchive) {
    throw new AppError("CONFLICT", current.isArchive
      ? `Customer request ${current.requestNum} is archived; it is no longer changed.`
      : `Customer request ${current.requestNum} is ${current.status}; only a draft is changed.`);
  }
  if (current.requestType === "New") await refuseExactDuplicate(db, input.company);
  await checkAreas(db, input);
  const accountExecutiveId = input.accountExecutiveId ? await checkedAccountExecutive(db, input.accountExecutiveId) : null;
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const before = await lockedAsRead(tx, current.id, input.dateModified);
    const values = { ...detailValues(input), accountExecutiveId };
    await tx.update(customerRequests).set({ ...values, userModified: caller.userId, dateModified: now }).where(eq(customerRequests.id, current.id));
    const diff = changedValues(
      Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]])),
      values,
    );
    if (diff) {
      await recordAudit(tx, { actor: caller.userId, action: "CUSTOMER_REQUEST_CHANGED", target: `customer-request:${current.requestNum}`, detail: { recordId: current.id, ...diff } });
    }
    if (input.submit) {
      await transition(tx, customerRequestWorkflow, requestTarget, { id: current.id, action: "submit", actor: caller, set: { dateSubmitted: now } });
    }
  });
  const data = await requestByNum(db, current.requestNum, caller);
  if (data.status === "For Approval") await tellApprovers(db, caller, data);
  return { data, message: CUSTOMER_REQUEST_MESSAGES.updated };
}

/** The customer master's fields a request carries, as the master takes them. */
function customerFields(r: typeof customerRequests.$inferSelect, accountExecutiveId: string) {
  return {
    company: r.company,
    firstName: r.firstName,
    middleInitial: r.middleInitial,
    lastName: r.lastName,
    address: r.address,
    contactNum: r.contactNum,
    customerContactEmail: r.customerContactEmail,
    tin: r.tin,
    customerType: r.customerType,
    accountExecutiveId,
    addresses: r.addresses,
  };
}

/**
 * The request as the customer master's own contract takes it. The request's contract keeps to the same bounds,
 * so this holds; should the master's rules have moved on, the approval is refused with their words, not failed.
 */
function asMasterInput<S extends z.ZodType>(contract: S, value: unknown): z.output<S> {
  const parsed = contract.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "customer"}: ${i.message}`).join("; ");
  throw new AppError("CONFLICT", `The customer master does not take this request as it stands (${problems}). Deny it so that it can be corrected.`);
}

/** A customer of the master as the fields a request carries, for the before and after of the change it applies. */
function masterFields(c: CustomerWithDetails) {
  return {
    company: c.company,
    firstName: c.firstName,
    middleInitial: c.middleInitial,
    lastName: c.lastName,
    address: c.address,
    contactNum: c.contactNum,
    customerContactEmail: c.customerContactEmail,
    tin: c.tin,
    customerType: c.customerType,
    accountExecutiveId: c.accountExecutiveId,
    addresses: c.addresses.map((a) => ({
      label: a.label, street: a.street, barangay: a.barangay, city: a.city, province: a.province, zipCode: a.zipCode, areaCode: a.areaCode, isDefault: a.isDefault,
    })),
  };
}

/**
 * Writes an approved request to the customer master, in the approval's transaction, through the master-data
 * module's customer service: a new customer numbered from the branch's CUS series, or the requested changes to
 * the customer; the account executive assigned either way. Answers the customer's code.
 */
async function applyToCustomerMaster(tx: Tx, caller: Caller, r: typeof customerRequests.$inferSelect, accountExecutiveId: string): Promise<string> {
  const fields = customerFields(r, accountExecutiveId);
  if (r.requestType === "New") {
    await refuseExactDuplicate(tx, r.company);
    const code = await nextNumber(tx, { series: NEW_CUSTOMER_SERIES, branchCode: r.branchCode });
    const { data } = await createWithDetails(tx, asMasterInput(createWithDetailsBody, { code, branchCode: r.branchCode, ...fields, charges: [] }), caller);
    await recordAudit(tx, {
      actor: caller.userId, action: "CUSTOMER_REQUEST_APPLIED", target: `customer:${data.code}`,
      detail: { requestNum: r.requestNum, ...changedValues(null, { code: data.code, ...fields }) },
    });
    return data.code;
  }
  const before = await getWithDetailsByCode(tx, r.customerCode!);
  const { data } = await updateWithDetails(tx, before.id, asMasterInput(updateWithDetailsBody, { ...fields, dateModified: before.dateModified.toISOString() }), caller);
  await recordAudit(tx, {
    actor: caller.userId, action: "CUSTOMER_REQUEST_APPLIED", target: `customer:${data.code}`,
    detail: { requestNum: r.requestNum, ...changedValues(masterFields(before), masterFields(data)) },
  });
  return data.code;
}

/**
 * Moves a request through its workflow (001 §7 RequestedCustomers update status) with the dateModified read:
 * submit, approve, deny, or take a denied request back to draft. Approving writes the customer master and
 * assigns the account executive in the same transaction, and archives the request. The approvers are told of
 * a submit, the requester of a decision.
 */
export async function updateStatus(db: Db, caller: Caller, requestNum: string, input: StatusInput) {
  const current = await requestByNum(db, requestNum, caller);
  if (current.isArchive) throw new AppError("CONFLICT", `Customer request ${current.requestNum} is archived; it no longer moves.`);
  let accountExecutiveId: string | null = null;
  if (input.action === "approve") {
    const wanted = input.accountExecutiveId ?? current.accountExecutiveId;
    if (!wanted) throw refused("accountExecutiveId", "Assign the account executive who looks after the customer.");
    accountExecutiveId = await checkedAccountExecutive(db, wanted);
  }
  const now = new Date();
  const action = input.action as CustomerRequestAction;
  const { message } = await db.transaction(async (tx: Tx) => {
    const row = await lockedAsRead(tx, current.id, input.dateModified);
    const set: Record<string, unknown> = { userModified: caller.userId };
    if (action === "submit") set.dateSubmitted = now;
    if (action === "approve" || action === "deny") Object.assign(set, { decidedBy: caller.userId, dateDecided: now, decisionRemarks: input.remarks });
    if (action === "moveToDraft") Object.assign(set, { revision: sql`${customerRequests.revision} + 1`, decidedBy: null, dateDecided: null });
    // The workflow first: it refuses the drafter and the sender (four eyes) before the customer master is touched.
    const moved = await transition(tx, customerRequestWorkflow, requestTarget, { id: row.id, action, actor: caller, remarks: input.remarks, set });
    if (action === "approve") {
      const customerCode = await applyToCustomerMaster(tx, caller, row, accountExecutiveId!);
      await tx.update(customerRequests).set({ customerCode, accountExecutiveId, isArchive: true }).where(eq(customerRequests.id, row.id));
    }
    return moved;
  });
  const data = await requestByNum(db, current.requestNum, caller);
  if (action === "submit") await tellApprovers(db, caller, data);
  if (action === "approve" || action === "deny") await tellRequester(db, caller, data);
  return { data, message };
}

/** Puts a draft given up, or a denied request not sent again, in the archive (001 §4), with the dateModified read. */
export async function archiveRequest(db: Db, caller: Caller, requestNum: string, input: { dateModified: string }) {
  const current = await requestByNum(db, requestNum, caller);
  if (current.isArchive) throw new AppError("CONFLICT", `Customer request ${current.requestNum} is archived already.`);
  if (!ARCHIVABLE.includes(current.status)) {
    throw new AppError("CONFLICT", `Customer request ${current.requestNum} is ${current.status}; only a draft or a denied request is archived.`);
  }
  await db.transaction(async (tx: Tx) => {
    await lockedAsRead(tx, current.id, input.dateModified);
    await tx.update(customerRequests).set({ isArchive: true, userModified: caller.userId, dateModified: new Date() }).where(eq(customerRequests.id, current.id));
    await recordAudit(tx, {
      actor: caller.userId, action: "CUSTOMER_REQUEST_ARCHIVED", target: `customer-request:${current.requestNum}`,
      detail: { recordId: current.id, status: current.status, before: { isArchive: false }, after: { isArchive: true } },
    });
  });
  return { data: await requestByNum(db, current.requestNum, caller), message: CUSTOMER_REQUEST_MESSAGES.archived };
}

/** Deletes draft requests by id, all or none; a request sent for approval once is archived instead. */
export async function deleteRequests(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx: Tx) => {
    const found = await tx.select().from(customerRequests)
      .where(and(inArray(customerRequests.id, unique), branchCondition(caller, customerRequests.branchCode)))
      .orderBy(asc(customerRequests.id)).for("update");
    const missing = unique.filter((id) => !found.some((r) => r.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Customer request with id ${missing.join(", ")} was not found; nothing was deleted.`);
    const kept = found.filter((r) => r.status !== "Draft" || r.isArchive || r.dateSubmitted !== null);
    if (kept.length > 0) {
      const named = kept.map((r) => `${r.requestNum} (${r.isArchive ? "archived" : r.dateSubmitted && r.status === "Draft" ? "sent for approval before" : r.status})`).join(", ");
      throw new AppError("CONFLICT", `Only a draft never sent for approval is deleted; archive the others: ${named}.`);
    }
    await tx.delete(customerRequests).where(inArray(customerRequests.id, unique));
    for (const r of found) {
      await recordAudit(tx, {
        actor: caller.userId, action: "CUSTOMER_REQUEST_DELETED", target: `customer-request:${r.requestNum}`,
        detail: { recordId: r.id, ...changedValues({ ...r } as Record<string, unknown>, null) },
      });
    }
  });
  return { data: { ids: unique }, message: CUSTOMER_REQUEST_MESSAGES.deleted };
}
