import { defineWorkflow } from "../../../shared/workflow-definition.ts";
import { CRO_STATUSES } from "./schemas.ts";

/**
 * Where the cargo release of a voyage stands (001 §3): Open while containers may still be released against it,
 * Closed once it is done. Staff with the voyage menu close it and open it again; each change keeps a history row.
 */
export const croWorkflow = defineWorkflow({
  entity: "voyage-cro",
  noun: "voyage",
  statuses: CRO_STATUSES,
  actions: {
    closeCro: {
      from: ["Open"], to: "Closed", who: "voyage staff", allowed: (a) => a.menus.has("VOYAGE"), notice: "CRO status set to Closed",
    },
    openCro: {
      from: ["Closed"], to: "Open", who: "voyage staff", allowed: (a) => a.menus.has("VOYAGE"), notice: "CRO status set to Open",
    },
  },
});
export type CroStatus = (typeof CRO_STATUSES)[number];
export type CroAction = keyof typeof croWorkflow.actions;

/** The action that leads to each CRO status. */
export const CRO_ACTION_TO: Record<CroStatus, CroAction> = { Closed: "closeCro", Open: "openCro" };
