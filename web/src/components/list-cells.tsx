import { AnchorButton, type AnchorButtonProps, Button, ButtonGroup, type ButtonProps, Tag, Tooltip } from "@blueprintjs/core";
import { Disable, Edit, TickCircle, Trash } from "@blueprintjs/icons";
import { Cell } from "@blueprintjs/table";
import type { ReactElement, ReactNode } from "react";

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
        <RowActions>{buttons(item, busyId === item.id)}</RowActions>
      </Cell>
    );
  };
}

/** A row's buttons, side by side and compact: the one look of every table's Actions column. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <ButtonGroup variant="minimal" size="small" className="lading-row-actions">
      {children}
    </ButtonGroup>
  );
}

export type RowActionProps = Omit<ButtonProps, "icon" | "text" | "aria-label" | "title"> & {
  /** The action's word: the button's accessible name and its tooltip ("Edit", "Delete"). */
  label: string;
  icon: ReactElement;
  /** The tooltip instead of the label, when the action needs saying more (why it is disabled). */
  hint?: string;
  /** A link (a PDF) rather than a button. */
  href?: string;
  target?: string;
  "data-testid"?: string;
};

/**
 * One icon button of a row: 24 px wide instead of a word, its word kept as its accessible name and shown in
 * a tooltip on hover or keyboard focus.
 */
export function RowAction({ label, icon, hint, href, target, disabled, ...rest }: RowActionProps) {
  const common = { icon, "aria-label": label, disabled, ...rest };
  return (
    <Tooltip content={hint ?? label} placement="top" compact hoverOpenDelay={300}>
      {href !== undefined || target !== undefined
        ? <AnchorButton {...(common as AnchorButtonProps)} href={disabled ? undefined : href} target={target} rel="noopener" />
        : <Button {...common} />}
    </Tooltip>
  );
}

type RowButtonProps = Omit<RowActionProps, "label" | "icon" | "intent">;

export function EditButton(props: RowButtonProps) {
  return <RowAction label="Edit" icon={<Edit />} {...props} />;
}

/** Deactivate for an active record, Activate for an inactive one. */
export function ActivationButton({ isActive, ...rest }: RowButtonProps & { isActive: boolean }) {
  return <RowAction label={isActive ? "Deactivate" : "Activate"} icon={isActive ? <Disable /> : <TickCircle />} {...rest} />;
}

/** Asks before it deletes: the caller's onClick opens the confirmation. */
export function DeleteButton(props: RowButtonProps) {
  return <RowAction label="Delete" icon={<Trash />} intent="danger" {...props} />;
}
