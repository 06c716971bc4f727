// Kept free of imports so the web app can read a workflow (which buttons a role sees) without the database layer.

/**
 * Statuses are data: a workflow lists its statuses and, per action, the statuses it starts from, the one it
 * leads to, who may take it and the notice to show. One transition() applies any of them: it checks the
 * actor, moves the record only if it is still in a starting status (a concurrent change loses with a 409),
 * and writes the history row in the same transaction.
 */

export interface WorkflowActor {
  userId: string;
  menus: ReadonlySet<string>;
  capabilities: ReadonlySet<string>;
}

export interface TransitionRule<S extends string> {
  from: readonly S[];
  to: S;
  /** Who may take this action, as a plain description and a check of the actor's role. */
  who: string;
  allowed: (actor: WorkflowActor) => boolean;
  /** The notice the user sees once it is done. */
  notice: string;
}

export interface Workflow<S extends string, A extends string> {
  /** The name the history rows carry, e.g. "sales-quotation". */
  entity: string;
  /** How a record is named in messages: "quotation". */
  noun: string;
  /** Every status, the one a new record starts in first. */
  statuses: readonly S[];
  actions: Record<A, TransitionRule<S>>;
}

export function defineWorkflow<const S extends string, const A extends string>(workflow: Workflow<S, A>): Workflow<S, A> {
  for (const [action, rule] of Object.entries(workflow.actions) as [string, TransitionRule<S>][]) {
    for (const status of [...rule.from, rule.to]) {
      if (!workflow.statuses.includes(status)) throw new Error(`${workflow.entity}: ${action} names unknown status ${status}`);
    }
  }
  return workflow;
}

/** The status a new record of the workflow starts in: the first it lists. */
export function initialStatus<S extends string>(workflow: Pick<Workflow<S, string>, "statuses">): S {
  return workflow.statuses[0];
}
