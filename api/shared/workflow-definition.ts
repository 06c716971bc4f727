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

/** One approval action: the step of the chain it acts at ("SM") and what it does, for the refusal ("approve"). */
export interface ApprovalStep {
  step: string;
  verb: string;
}

/**
 * Four eyes on an approval chain, declared once per workflow and enforced by transition() and transitionMany():
 * the drafter of a record (the table's drafter column) never takes an approval action on it, nor does the person
 * who started the chain, and one person acts at no more than one step of one chain. A chain starts afresh with
 * each of `startedBy` (a submit, and a submit again after a denial): acts of an earlier round do not count.
 */
export interface ApprovalChain<A extends string> {
  startedBy: readonly A[];
  /** Every approval action (approve and deny alike) with its step; the approve and deny of one step share it. */
  steps: Partial<Record<A, ApprovalStep>>;
}

export interface Workflow<S extends string, A extends string> {
  /** The name the history rows carry, e.g. "sales-quotation". */
  entity: string;
  /** How a record is named in messages: "quotation". */
  noun: string;
  /** Every status, the one a new record starts in first. */
  statuses: readonly S[];
  actions: Record<A, TransitionRule<S>>;
  /** Present on a workflow with an approval chain: which actions start it and which are its steps. */
  approvals?: ApprovalChain<A>;
}

export function defineWorkflow<const S extends string, const A extends string>(
  workflow: Omit<Workflow<S, A>, "approvals"> & { approvals?: ApprovalChain<NoInfer<A>> },
): Workflow<S, A> {
  for (const [action, rule] of Object.entries(workflow.actions) as [string, TransitionRule<S>][]) {
    for (const status of [...rule.from, rule.to]) {
      if (!workflow.statuses.includes(status)) throw new Error(`${workflow.entity}: ${action} names unknown status ${status}`);
    }
  }
  if (workflow.approvals) {
    const named = [...workflow.approvals.startedBy, ...Object.keys(workflow.approvals.steps)];
    const unknown = named.find((action) => !(action in workflow.actions));
    if (unknown) throw new Error(`${workflow.entity}: the approval chain names unknown action ${unknown}`);
    if (workflow.approvals.startedBy.length === 0) throw new Error(`${workflow.entity}: an approval chain needs an action that starts it`);
  }
  return workflow;
}

/** The approval step `action` acts at, if it is one. */
export function approvalStepOf<A extends string>(workflow: Pick<Workflow<string, A>, "approvals">, action: A): ApprovalStep | undefined {
  return workflow.approvals?.steps[action];
}

/** The status a new record of the workflow starts in: the first it lists. */
export function initialStatus<S extends string>(workflow: Pick<Workflow<S, string>, "statuses">): S {
  return workflow.statuses[0];
}
