import { z } from "zod";
import { checkContainerNumber, normalizeContainerNumber } from "./container-numbers.ts";
import { codeField, dateModifiedField, nameField } from "./contracts.ts";

/**
 * Field builders for master-data entities. One declaration of an entity's fields gives the zod contracts the
 * server validates with and the metadata the web app draws its list columns and forms from. Imports only
 * zod, so the web app uses the same declarations.
 */

export type FieldKind =
  | "code"
  | "text"
  | "email"
  | "ref"
  | "refs"
  | "flag"
  | "money"
  | "decimal"
  | "int"
  | "date"
  | "time"
  | "choice";

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface FieldMeta {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Longest text accepted. */
  max?: number;
  /** choice: the values offered, in order. */
  options?: readonly ChoiceOption[];
  /** ref and refs: the resource whose active records are offered (GET /{source}/getIsActive). */
  source?: string;
  /** Shown as a list column unless false. */
  listed: boolean;
  /** What a new record's form starts with, and what an absent or empty value is stored as. */
  defaultValue?: string;
}

export interface FieldDef<S extends z.ZodType = z.ZodType> {
  meta: Omit<FieldMeta, "name">;
  schema: S;
}

interface Common {
  /** Not shown as a list column (still in the form). */
  unlisted?: boolean;
}

const def = <S extends z.ZodType>(schema: S, meta: Omit<FieldMeta, "name" | "listed">, o: Common = {}): FieldDef<S> => ({
  schema,
  meta: { ...meta, listed: !o.unlisted },
});

const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");

/** The record's unique code: letters, digits, - and _. */
export const code = (label: string, o: Common & { max?: number } = {}) => {
  const max = o.max ?? 20;
  const schema = max === 20
    ? codeField(label)
    : z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`)
      .regex(/^[A-Za-z0-9_ -]+$/, `${label} may contain only letters, digits, spaces, - and _`);
  return def(schema, { label, kind: "code", required: true, max }, o);
};

/** A container number, kept normalised (CSQU3054383) and refused unless it passes the ISO 6346 check. */
export const containerNumber = (label: string, o: Common = {}) => {
  const schema = z.string({ error: `${label} is required` }).transform(normalizeContainerNumber).superRefine((value, ctx) => {
    const check = checkContainerNumber(value);
    if (!check.valid) ctx.addIssue({ code: "custom", message: check.message });
  });
  return def(schema, { label, kind: "code", required: true, max: 11 }, o);
};

export function text(label: string, o: Common & { max?: number; required: false }): FieldDef<ReturnType<typeof optionalText>>;
export function text(label: string, o?: Common & { max?: number; required?: true }): FieldDef<ReturnType<typeof nameField>>;
export function text(label: string, o: Common & { max?: number; required?: boolean } = {}): FieldDef<any> {
  const max = o.max ?? 120;
  return o.required === false
    ? def(optionalText(label, max), { label, kind: "text", required: false, max }, o)
    : def(nameField(label, max), { label, kind: "text", required: true, max }, o);
}

const emailSchema = (label: string) => z.email({ error: `${label} must be an email address` }).max(254, `${label} can be at most 254 characters`);
export function email(label: string, o: Common & { required: false }): FieldDef<z.ZodDefault<z.ZodUnion<[ReturnType<typeof emailSchema>, z.ZodLiteral<"">]>>>;
export function email(label: string, o?: Common & { required?: true }): FieldDef<ReturnType<typeof emailSchema>>;
export function email(label: string, o: Common & { required?: boolean } = {}): FieldDef<any> {
  const base = z.string({ error: `${label} is required` }).trim();
  return o.required === false
    ? def(base.pipe(z.union([emailSchema(label), z.literal("")])).default(""), { label, kind: "email", required: false, max: 254 }, o)
    : def(base.min(1, `${label} is required`).pipe(emailSchema(label)), { label, kind: "email", required: true, max: 254 }, o);
}

const refCode = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);

/** The code of a record of another entity (checked to exist by the service). */
export function ref(label: string, source: string, o: Common & { required: false }): FieldDef<z.ZodDefault<z.ZodNullable<ReturnType<typeof refCode>>>>;
export function ref(label: string, source: string, o?: Common & { required?: true }): FieldDef<ReturnType<typeof refCode>>;
export function ref(label: string, source: string, o: Common & { required?: boolean } = {}): FieldDef<any> {
  if (o.required === false) {
    const optional = z.preprocess((v) => (v === "" ? null : v), refCode(label).nullable()).default(null);
    return def(optional, { label, kind: "ref", required: false, source }, o);
  }
  return def(refCode(label), { label, kind: "ref", required: true, source }, o);
}

/** Several codes of another entity, e.g. the branches a charge applies to. */
export const refs = (label: string, source: string, o: Common & { min?: number } = {}) => {
  const min = o.min ?? 0;
  const list = z.array(refCode(label), { error: min > 0 ? `${label} is required` : `${label} must be a list of codes` })
    .min(min, `Choose at least ${min} in ${label}`)
    .max(200, `${label} can hold at most 200 entries`)
    .transform((codes) => [...new Set(codes)]);
  // A required list has no default: leaving it out is an error, not an empty list.
  return min > 0
    ? def(list, { label, kind: "refs", required: true, source }, o)
    : def(list.default([]), { label, kind: "refs", required: false, source }, o);
};

export const flag = (label: string, o: Common & { default?: boolean } = {}) =>
  def(z.boolean({ error: `${label} must be true or false` }).default(o.default ?? false), { label, kind: "flag", required: false }, o);

const decimalText = (label: string, scale: number, required: boolean) => {
  const pattern = new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`);
  return z.union([z.string(), z.number()], { error: required ? `${label} is required` : `${label} must be a number` })
    .transform((v) => String(v).trim())
    .pipe(
      z.string().min(1, `${label} is required`).regex(pattern, `${label} must be a number of at most ${scale} decimals, not negative`),
    );
};

/** Pesos with centavos, kept as decimal text ("1234.50") end to end: numeric(14,2) in the database. */
export function money(label: string, o: Common & { required: false }): FieldDef<z.ZodDefault<z.ZodNullable<ReturnType<typeof decimalText>>>>;
export function money(label: string, o?: Common & { required?: true }): FieldDef<ReturnType<typeof decimalText>>;
export function money(label: string, o: Common & { required?: boolean } = {}): FieldDef<any> {
  return decimal(label, { ...o, scale: 2, kind: "money" } as never);
}

/** A non-negative decimal kept as text; `scale` decimals at most. */
export function decimal(label: string, o: Common & { required: false; scale?: number }): FieldDef<z.ZodDefault<z.ZodNullable<ReturnType<typeof decimalText>>>>;
export function decimal(label: string, o?: Common & { required?: true; scale?: number }): FieldDef<ReturnType<typeof decimalText>>;
export function decimal(label: string, o: Common & { required?: boolean; scale?: number; kind?: FieldKind } = {}): FieldDef<any> {
  const scale = o.scale ?? 4;
  const kind = o.kind ?? "decimal";
  if (o.required === false) {
    const optional = z.preprocess((v) => (v === "" ? null : v), decimalText(label, scale, false).nullable()).default(null);
    return def(optional, { label, kind, required: false }, o);
  }
  return def(decimalText(label, scale, true), { label, kind, required: true }, o);
}

/**
 * A whole number: a JSON number, or digits as text (the forms send what was typed). null, "", false and other
 * non-numbers are refused, never read as 0 (a work schedule sent with dayOfWeek null was stored as Sunday).
 * A field with a default takes it when the field is absent, or "" (an emptied box on the form).
 */
export const int = (label: string, o: Common & { min?: number; max?: number; default?: number } = {}) => {
  const min = o.min ?? 0;
  const max = o.max ?? 1_000_000;
  const digits = z.string().trim().regex(/^-?\d+$/, `${label} must be a whole number`).transform(Number);
  const value = z.union([z.number(), digits], { error: `${label} must be a whole number` })
    .pipe(
      z.number({ error: `${label} must be a whole number` })
        .min(min, `${label} must be at least ${min}`).max(max, `${label} can be at most ${max}`)
        .refine(Number.isInteger, `${label} must be a whole number`),
    );
  if (o.default === undefined) {
    const required = z.union([z.literal(""), value], { error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a whole number`) })
      .refine((v) => v !== "", `${label} is required`)
      .transform((v) => v as number);
    return def(required, { label, kind: "int", required: true }, o);
  }
  const fallback = o.default;
  return def(z.preprocess((v) => (v === "" ? fallback : v), value).default(fallback), { label, kind: "int", required: false }, o);
};

/** Years a business date may fall in: wide enough for any record, narrow enough that date sums stay in range. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

/** A calendar date, "YYYY-MM-DD". */
export const dateText = (label: string) =>
  z.string({ error: `${label} is required` }).trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} is not a real date`)
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, `${label} must fall between ${FIRST_YEAR} and ${LAST_YEAR}`);

export const date = (label: string, o: Common = {}) => def(dateText(label), { label, kind: "date", required: true }, o);

/** A time of day, "HH:MM". */
export const time = (label: string, o: Common = {}) =>
  def(
    z.string({ error: `${label} is required` }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time written HH:MM`),
    { label, kind: "time", required: true },
    o,
  );

type Values = readonly [string, ...string[]];

type ChoiceOptions<V extends Values> = Common & { labels?: Partial<Record<V[number], string>> };
const choiceEnum = <V extends Values>(label: string, values: V) =>
  z.enum(values, { error: `${label} must be one of ${values.join(", ")}` });
const optionsOf = <V extends Values>(values: V, o: ChoiceOptions<V>) =>
  values.map((value) => ({ value, label: o.labels?.[value as V[number]] ?? value }));

/**
 * One of a fixed list; `labels` gives a stored value the text shown for it. With `default`, a value left out (or
 * sent empty, as an untouched form does) is the default, and a new record's form starts on it.
 */
export function choice<const V extends Values>(label: string, values: V, o: ChoiceOptions<V> & { required: false }): FieldDef<z.ZodDefault<z.ZodNullable<ReturnType<typeof choiceEnum<V>>>>>;
export function choice<const V extends Values>(label: string, values: V, o: ChoiceOptions<V> & { default: V[number] }): FieldDef<z.ZodDefault<z.ZodType<V[number], V[number] | "">>>;
export function choice<const V extends Values>(label: string, values: V, o?: ChoiceOptions<V> & { required?: true }): FieldDef<ReturnType<typeof choiceEnum<V>>>;
export function choice<const V extends Values>(label: string, values: V, o: ChoiceOptions<V> & { required?: boolean; default?: V[number] } = {}): FieldDef<any> {
  const options = optionsOf(values, o);
  if (o.default !== undefined) {
    const fallback = o.default;
    const schema = z.preprocess((v) => (v === "" ? fallback : v), choiceEnum(label, values)).default(fallback);
    return { schema, meta: { label, kind: "choice", required: false, options, listed: !o.unlisted, defaultValue: fallback } };
  }
  if (o.required === false) {
    const optional = z.preprocess((v) => (v === "" ? null : v), choiceEnum(label, values).nullable()).default(null);
    return def(optional, { label, kind: "choice", required: false, options }, o);
  }
  return def(choiceEnum(label, values), { label, kind: "choice", required: true, options }, o);
}

// ---------------------------------------------------------------------------------------------------------
// The shared description

export type FieldDefs = Record<string, FieldDef>;
type InputShape<F extends FieldDefs> = { [K in keyof F]: F[K]["schema"] };

/** Paths of the shared calls, relative to the resource; the spec spells some of them differently. */
export interface EntityPaths {
  load: string;
  get: string;
  create: string;
  update: string;
  delete: string;
  activate: string;
  listActive: string;
}

const DEFAULT_PATHS: EntityPaths = {
  load: "load",
  get: "get/{id}",
  create: "",
  update: "update/{id}",
  delete: "delete",
  activate: "activate/{id}",
  listActive: "getIsActive",
};

export const auditRowFields = {
  id: z.number(),
  isActive: z.boolean(),
  userCreated: z.string().nullable(),
  userModified: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
};

/** A rule across fields of one record; `holds` sees the whole record as it would be stored. */
export interface RecordCheck {
  field: string;
  message: string;
  holds: (record: Record<string, unknown>) => boolean;
}

export interface EntityContractOptions<F extends FieldDefs> {
  /** Singular label used in notices: 'Area' gives 'Area added successfully'. */
  label: string;
  /** Path word of the resource as the spec spells it: 'areas' gives /areas/load, /areas/get/{id}, ... */
  resource: string;
  fields: F;
  /** The fields that identify a record; a second record with the same values is a 409. Default ['code']. */
  uniqueBy?: (keyof F & string)[];
  paths?: Partial<EntityPaths>;
  /** Placeholder of the list's search box: what the search matches. */
  searchHint: string;
  /** Rules across fields, checked on every create and update (and by the form before it sends). */
  checks?: RecordCheck[];
}

/**
 * The contract of one master-data entity: zod schemas for create, update and rows, the field metadata of the
 * screens, and the paths of its calls.
 */
export function entityContract<const F extends FieldDefs>(o: EntityContractOptions<F>) {
  const shape = Object.fromEntries(Object.entries(o.fields).map(([k, f]) => [k, f.schema])) as InputShape<F>;
  const input = z.object(shape);
  // An update changes only the fields it names, so no default may fill in the ones it leaves out.
  const updateShape = Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, (s instanceof z.ZodDefault ? s.unwrap() as z.ZodType : s).optional()]),
  ) as { [K in keyof F]: z.ZodOptional<z.ZodType<z.output<F[K]["schema"]>, z.input<F[K]["schema"]>>> };
  const update = z.object(updateShape).extend({ isActive: z.boolean().optional(), dateModified: dateModifiedField });
  const row = input.extend(auditRowFields);
  const fields: FieldMeta[] = Object.entries(o.fields).map(([name, f]) => ({ name, ...f.meta }));
  return {
    label: o.label,
    resource: o.resource,
    uniqueBy: (o.uniqueBy ?? ["code"]) as (keyof F & string)[],
    paths: { ...DEFAULT_PATHS, ...o.paths } as EntityPaths,
    searchHint: o.searchHint,
    checks: o.checks ?? [],
    fields,
    input,
    update,
    row,
  };
}

/** What code that serves any entity (the generic screens, the route factory) may rely on. */
export interface EntityContract {
  label: string;
  resource: string;
  uniqueBy: string[];
  paths: EntityPaths;
  searchHint: string;
  checks: RecordCheck[];
  fields: FieldMeta[];
  input: z.ZodType;
  update: z.ZodType;
  row: z.ZodType;
}

/** The API path of one shared call of an entity, with its {id} filled in. */
export function entityPath(contract: Pick<EntityContract, "resource" | "paths">, call: keyof EntityPaths, id?: number | string): string {
  const tail = contract.paths[call];
  const path = `/${contract.resource}${tail ? `/${tail}` : ""}`;
  return id === undefined ? path : path.replace(/\{\w+\}/, encodeURIComponent(String(id)));
}

/** The first rule of `checks` the record breaks, or null. */
export function brokenCheck(checks: readonly RecordCheck[], record: Record<string, unknown>): RecordCheck | null {
  return checks.find((check) => !check.holds(record)) ?? null;
}
