import type { ScheduledJob } from "../../../shared/schedule.ts";
import { relayPostings } from "./relay.ts";
import { configuredConnector } from "./service.ts";

export const POSTING_JOB = "posting-relay";

/**
 * Sends what the posting outbox holds, every two minutes: the documents issued since, and those whose back-off
 * has run out. Without a BASE configured it holds them (HELD). A cashier's "post to BASE" and `lading post` send
 * at once besides; relays running together never send a row twice (each claims its rows).
 */
export const postingRelayJob: ScheduledJob = {
  name: POSTING_JOB,
  cron: "*/2 * * * *",
  summary: "Post waiting invoices, receipts and reversals to BASE (hold them while no BASE is configured)",
  run: async (db, { log }) => {
    const done = await relayPostings(db, { connector: configuredConnector(), log });
    return { held: done.held, released: done.released, due: done.due, ...done.counts };
  },
};

export const postingJobs: ScheduledJob[] = [postingRelayJob];
