import "./form-dialog.css";
import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, type InputGroupProps } from "@blueprintjs/core";
import type { ReactNode } from "react";

export interface FormDialogProps {
  isOpen: boolean;
  title: string;
  /** Added to lading-form-dialog, for a dialog that needs more room. */
  className?: string;
  /** While a save runs the dialog cannot be closed and its buttons wait. */
  saving: boolean;
  onClose: () => void;
  onSubmit: (event: React.FormEvent) => void;
  formTestId: string;
  saveTestId: string;
  saveDisabled?: boolean;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and Save below it; Escape and Cancel close it unless it is saving. */
export function FormDialog(props: FormDialogProps) {
  const { isOpen, title, className, saving, onClose, onSubmit, formTestId, saveTestId, saveDisabled, children } = props;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={saving ? undefined : onClose}
      canEscapeKeyClose={!saving}
      canOutsideClickClose={false}
      title={title}
      className={className ? `lading-form-dialog ${className}` : "lading-form-dialog"}
    >
      <form onSubmit={onSubmit} noValidate data-testid={formTestId}>
        <DialogBody>{children}</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} />
              <Button
                type="submit"
                intent="primary"
                text={saving ? "Saving…" : "Save"}
                loading={saving}
                disabled={saveDisabled}
                data-testid={saveTestId}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export interface FormFieldProps {
  label?: string;
  /** The input's id, which the label points at. */
  id?: string;
  /** Marks the label with *. */
  required?: boolean;
  /** Shown in red in place of the helper. */
  error?: string;
  helper?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled input with its error (or, when there is none, its helper text) below it. */
export function FormField({ label, id, required = false, error, helper, className, children }: FormFieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? "*" : undefined}
      className={className}
      intent={error ? "danger" : "none"}
      helperText={error ?? helper}
    >
      {children}
    </FormGroup>
  );
}

export type TextFieldProps = Omit<InputGroupProps, "id" | "intent"> & {
  label: string;
  id: string;
  required?: boolean;
  error?: string;
  helper?: ReactNode;
  "data-testid"?: string;
};

/** A FormField holding one text input, which turns red with the field's error. */
export function TextField({ label, id, required, error, helper, ...input }: TextFieldProps) {
  return (
    <FormField label={label} id={id} required={required} error={error} helper={helper}>
      <InputGroup id={id} intent={error ? "danger" : "none"} {...input} />
    </FormField>
  );
}

export interface FormFieldsetProps {
  legend: string;
  /** Turns the group red and shows in place of the helper. */
  error?: string;
  helper?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A group of choices (checkboxes, radios) under one legend, with its error or helper text below. */
export function FormFieldset({ legend, error, helper, className, children }: FormFieldsetProps) {
  const classes = [Classes.FORM_GROUP, "lading-form-fieldset", className, error ? Classes.INTENT_DANGER : undefined];
  return (
    <fieldset className={classes.filter(Boolean).join(" ")}>
      <legend className={Classes.LABEL}>{legend}</legend>
      {children}
      {(error || helper) && <div className={Classes.FORM_HELPER_TEXT}>{error ?? helper}</div>}
    </fieldset>
  );
}
