import { NonIdealState, Spinner } from "@blueprintjs/core";
import type { EntityContract } from "../../../../../api/shared/fields.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { EntityList } from "./EntityList.tsx";

/** What the page address stands for once the server has confirmed it. */
export interface Scope {
  title: string;
  /** List filters sent with every load and filled into new records. */
  fixed: Record<string, string>;
}

export interface ScopedEntityListProps {
  contract: EntityContract;
  idPrefix: string;
  crumbs: { text: string; href: string }[];
  /** The address parts the scope comes from; the scope is looked up again when they change. */
  scopeKey: string;
  /** Asks the server for the scope; a 404 (or 400) means the address names nothing. */
  resolve: () => Promise<Scope>;
  /** The title while loading or when the scope is missing. */
  pendingTitle: string;
  missingTitle: string;
  missingText: string;
}

/**
 * An entity list narrowed by the page address, such as the rates of one charge or the goods of one category.
 * The scope is checked first, so a mistyped address shows a page that says so instead of an empty list.
 */
export function ScopedEntityList(props: ScopedEntityListProps) {
  const [state] = useAddressedRecord(props.scopeKey, props.resolve, props.missingText);

  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid={`${props.idPrefix}-page`}>
        <PageHeader title={props.pendingTitle} crumbs={props.crumbs} />
        {state.kind === "loading"
          ? <Spinner size={32} />
          : (
            <div data-testid={`${props.idPrefix}-scope-missing`}>
              <NonIdealState title={props.missingTitle} description={state.message} />
            </div>
          )}
      </div>
    );
  }
  return (
    <EntityList
      key={props.scopeKey}
      contract={props.contract}
      title={state.value.title}
      idPrefix={props.idPrefix}
      fixed={state.value.fixed}
      crumbs={props.crumbs}
    />
  );
}
