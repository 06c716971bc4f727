import { Button, ButtonGroup, type ButtonProps, Tag } from "@blueprintjs/core";
import { Disable, Edit, TickCircle, Trash } from "@blueprintjs/icons";
import { Cell } from "@blueprintjs/table";
import type { ReactNode } from "react";

/**
 * Cell renderers for a list's text columns: `text(pick, testId?)` shows `pick(row)` in a span carrying the
 * row's test id; with `tooltip` the full text also shows on hover, for columns that cut it short.
 */
export function textCells<T>(rows: readonly T[], { tooltip = false }: { tooltip?: boolean } = {}) {
  return (pick: (item: T) => string, testId?: (item: T) => string) => (row: number) => {
    const item = rows[row];
    return (
      <Cell tooltip={tooltip && item ? pick(item) : undefined}>
        {item && <span data-testid={testId?.(item)}>{pick(item)}</span>}
      </Cell>
    );
  };
}

/** The Active/Inactive tag of a record that can be switched off. */
export function statusCell<T extends { isActive: boolean }>(rows: readonly T[], testId: (item: T) => string) {
  return (row: number) => {
    const item = rows[row];
    return (
      <Cell>
        {item && (
          <Tag minimal intent={item.isActive ? "success" : "none"} data-testid={testId(item)}>
            {item.isActive ? "Active" : "Inactive"}
          </Tag>
        )}
      </Cell>
    );
  };
}

/**
 * The cell holding a row's buttons; `busy` is true while a write runs on that row. Blueprint's Table wants the
 * Cell itself back from a renderer, so the buttons come in as a function rather than a wrapping component.
 */
export function actionsCell<T extends { id: number }>(rows: readonly T[], busyId: number | null, buttons: (item: T, busy: boolean) => ReactNode) {
  return (row: number) => {
    const item = rows[row];
    if (!item) return <Cell />;
    return (
      <Cell interactive className="lading-actions-cell">
        <ButtonGroup variant="minimal" size="small">
          {buttons(item, busyId === item.id)}
        </ButtonGroup>
      </Cell>
    );
  };
}

type RowButtonProps = Omit<ButtonProps, "icon" | "text" | "intent"> & {
  /** What the button acts on, for its label: "port MNL", "user jdoe". */
  subject: string;
  "data-testid"?: string;
};

export function EditButton({ subject, ...rest }: RowButtonProps) {
  return <Button icon={<Edit />} text="Edit" aria-label={`Edit ${subject}`} {...rest} />;
}

/** Deactivate for an active record, Activate for an inactive one. */
export function ActivationButton({ subject, isActive, ...rest }: RowButtonProps & { isActive: boolean }) {
  const verb = isActive ? "Deactivate" : "Activate";
  return <Button icon={isActive ? <Disable /> : <TickCircle />} text={verb} aria-label={`${verb} ${subject}`} {...rest} />;
}

/** `iconOnly` drops the text for a crowded row; the word moves to the hover title. */
export function DeleteButton({ subject, iconOnly = false, ...rest }: RowButtonProps & { iconOnly?: boolean }) {
  return (
    <Button
      icon={<Trash />}
      intent="danger"
      text={iconOnly ? undefined : "Delete"}
      title={iconOnly ? "Delete" : undefined}
      aria-label={`Delete ${subject}`}
      {...rest}
    />
  );
}
