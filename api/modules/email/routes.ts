import { idParam } from "../../shared/contracts.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { outboxListQuery, outboxListResult, outboxMessageResult, outboxRetryResult } from "./schemas.ts";
import { getOutboxMessage, listOutbox, retryOutboxMessage } from "./service.ts";

const tag = "Email";

/** The outbox screen of System Account: what was sent, what failed and why, and held messages to hand over. */
export const emailRoutes: RouteDef[] = [
  route({
    method: "get", path: "/email/outbox", permission: "SYSTEMACCOUNT", tag, query: outboxListQuery,
    summary: "Messages of the outbox, newest first; search matches recipient or subject",
    response: outboxListResult,
  }, ({ deps, query }) => listOutbox(deps.db, query)),
  route({
    method: "get", path: "/email/outbox/{id}", permission: "SYSTEMACCOUNT", tag, params: idParam,
    summary: "One message with its text and HTML bodies",
    response: outboxMessageResult,
  }, async ({ deps, params }) => ({ data: await getOutboxMessage(deps.db, params.id) })),
  route({
    method: "post", path: "/email/outbox/retry/{id}", permission: "SYSTEMACCOUNT", tag, params: idParam,
    summary: "Queue a FAILED, DEAD or HELD message to be sent again now",
    response: outboxRetryResult,
  }, ({ deps, params, caller }) => retryOutboxMessage(deps.db, params.id, caller.userId)),
];
