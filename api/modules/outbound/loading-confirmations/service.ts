import type { Db } from "../../../../db/client.ts";
import type { Caller } from "../../auth/index.ts";

/** What a final tally hands on: the voyage and the bookings it counted onto the vessel. */
export interface LoadedCargo {
  voyageNum: string;
  bookingRefs: readonly string[];
  actor: Caller;
}

/**
 * The loading confirmations of the shippers whose cargo a final tally counted onto the vessel: one per shipper
 * and voyage, e-mailed through the outbox. Called after the final tally's transaction has committed.
 */
export async function confirmLoading(_db: Db, _cargo: LoadedCargo): Promise<void> {
  // The confirmations are built in this folder (issue 22, loading confirmation).
}
