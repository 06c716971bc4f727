import { route, type RouteDef } from "../../../http/route.ts";
import { idParam } from "../../../shared/contracts.ts";
import { connectorFor } from "./connector.ts";
import { postingList, postingListQuery, postingRow, reconciliationAnswer, reconciliationQuery, voyageNumParam } from "./schemas.ts";
import { postingExceptions, reconciliationReport, retryPosting, voyagePostings } from "./service.ts";
import { z } from "zod";

const tag = "CRO Accounting";
const permission = "CROACCOUNTING";

/** The postings to BASE (001 §2 /CROAccounting/Posting/voyage/{voyageNum}; domain notes §10). */
export const postingRoutes: RouteDef[] = [
  route({
    method: "get", path: "/CROAccounting/Posting/voyage/{voyageNum}", permission, tag, params: voyageNumParam, query: postingListQuery,
    summary: "A voyage's postings to BASE at the caller's branches, with their delivery state and BASE's answer (custDetails, message)",
    response: postingList,
  }, ({ deps, params, query, caller }) => voyagePostings(deps.db, caller, params.voyageNum, query, deps.config.base)),
  route({
    method: "get", path: "/CROAccounting/Posting/exceptions", permission, tag, query: postingListQuery,
    summary: "The posting exceptions: documents BASE refused or that used up their attempts, until someone sends them again",
    response: postingList,
  }, ({ deps, query, caller }) => postingExceptions(deps.db, caller, query, deps.config.base)),
  route({
    method: "put", path: "/CROAccounting/Posting/retry/{id}", permission, tag, params: idParam,
    summary: "Send a held, failed or uncertain posting again now, under the same idempotency key (looked up in BASE first when it was tried before)",
    response: z.object({ data: postingRow, message: z.string() }), errors: [409],
  }, ({ deps, params, caller }) => retryPosting(deps.db, caller, params.id, connectorFor(deps.config.base), deps.log)),
  route({
    method: "get", path: "/CROAccounting/Posting/reconciliation", permission, tag, query: reconciliationQuery,
    summary: "The daily reconciliation: posted, pending and failed counts and totals per voyage, and the documents found on one side only",
    response: reconciliationAnswer,
  }, ({ deps, query, caller }) => reconciliationReport(deps.db, caller, query, deps.config.base)),
];


