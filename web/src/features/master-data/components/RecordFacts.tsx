import { Card, Tag } from "@blueprintjs/core";
import type { EntityContract } from "../../../../../api/shared/fields.ts";
import type { EntityRow } from "../api/entities.ts";
import { displayValue } from "./fields.ts";

/**
 * Every declared field of one record with its label, then its status: the head of a record's read page.
 * Test ids are `{idPrefix}-field-{name}`.
 */
export function RecordFacts(props: { contract: EntityContract; row: EntityRow; idPrefix: string; pairsPerLine?: 1 | 2 }) {
  const { contract, row, idPrefix } = props;
  const columns = props.pairsPerLine === 2 ? "max-content 1fr max-content 1fr" : "max-content 1fr";
  return (
    <Card style={{ marginBottom: 16 }}>
      <dl style={{ display: "grid", gridTemplateColumns: columns, columnGap: 24, rowGap: 6, margin: 0 }}>
        {contract.fields.map((field) => (
          <div key={field.name} style={{ display: "contents" }}>
            <dt style={{ fontWeight: 600 }}>{field.label}</dt>
            <dd style={{ margin: 0 }} data-testid={`${idPrefix}-field-${field.name}`}>{displayValue(field, row[field.name]) || "—"}</dd>
          </div>
        ))}
        <dt style={{ fontWeight: 600 }}>Status</dt>
        <dd style={{ margin: 0 }} data-testid={`${idPrefix}-field-isActive`}>
          <Tag minimal intent={row.isActive ? "success" : "none"}>{row.isActive ? "Active" : "Inactive"}</Tag>
        </dd>
      </dl>
    </Card>
  );
}
