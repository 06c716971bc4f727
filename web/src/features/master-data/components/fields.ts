import type { FieldMeta } from "../../../../../api/shared/fields.ts";
import type { EntityRow } from "../api/entities.ts";
import { formatAmount } from "../../../lib/format.ts";

/** What a form holds for each field kind: text for typed values, a boolean for flags, a list for refs. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

export function emptyValues(fields: readonly FieldMeta[], fixed: Record<string, string> = {}): FormValues {
  return Object.fromEntries(fields.map((f) => {
    if (f.name in fixed) return [f.name, fixed[f.name]];
    if (f.kind === "flag") return [f.name, f.name === "isActive"];
    if (f.kind === "refs") return [f.name, []];
    return [f.name, f.defaultValue ?? ""];
  }));
}

export function valuesOf(fields: readonly FieldMeta[], row: EntityRow): FormValues {
  return Object.fromEntries(fields.map((f) => {
    const value = row[f.name];
    if (f.kind === "flag") return [f.name, value === true];
    if (f.kind === "refs") return [f.name, Array.isArray(value) ? value.map(String) : []];
    return [f.name, value === null || value === undefined ? "" : String(value)];
  }));
}

const plain = new Intl.NumberFormat("en-PH", { maximumFractionDigits: 4 });

/** A stored value as a list cell shows it (001 §9: thousands separators, two decimals for amounts). */
export function displayValue(field: FieldMeta, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  switch (field.kind) {
    case "flag":
      return value === true ? "Yes" : "No";
    case "refs":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "choice":
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    case "money":
      return formatAmount(String(value));
    case "decimal":
      return plain.format(Number(value));
    default:
      return String(value);
  }
}
