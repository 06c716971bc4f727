import { Button, Callout, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { Import, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { EditButton, RowAction, RowActions } from "../../../components/list-cells.tsx";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { serverMessage } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { FullQuotation, TermRow } from "../api/contracts.ts";
import { createTerms, deleteTerms, type PolicyTerm, termsOfCargoType, updateTerm } from "../api/quotations.ts";
import { DetailTable, detailLayout } from "./DetailTable.tsx";

const READ_LAYOUT = detailLayout([100, { share: 1 }, 150, 150, 150]);
const EDIT_LAYOUT = detailLayout([100, { share: 1 }, 130, 130, 130, 150]);

type Quotation = Pick<FullQuotation, "sqRefNum" | "cargoTypeCode" | "sqDate" | "terms">;

/** The cargo type's policies, each with the value the customer asks for; empty keeps the standard. */
function FillTermsDialog({ quotation, isOpen, onClose, onSaved }: { quotation: Quotation; isOpen: boolean; onClose: () => void; onSaved: () => void }) {
  const opening = useOpenings(isOpen);
  const terms = useRecord(
    !isOpen || opening === null ? null : JSON.stringify([opening, quotation.cargoTypeCode, quotation.sqDate]),
    () => termsOfCargoType(quotation.cargoTypeCode, quotation.sqDate).then((r) => r.data),
    { keepStale: false },
  );
  const policies: PolicyTerm[] | null = terms.data;
  const problem = terms.error !== null ? serverMessage(terms.error) : null;
  const [requested, setRequested] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setRequested({});
  }, [isOpen, quotation.cargoTypeCode, quotation.sqDate]);

  const have = new Set(quotation.terms.map((t) => t.policyCode));
  const missing = (policies ?? []).filter((p) => !have.has(p.policyCode));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const asked = missing.flatMap((p) => {
      const value = requested[p.policyCode]?.trim() ?? "";
      return value ? [{ policyCode: p.policyCode, requestedValue: value }] : [];
    });
    void save(() => createTerms(quotation.sqRefNum, asked), { onSaved, onFieldErrors: () => {} });
  };

  return (
    <FormDialog isOpen={isOpen} title={`Terms of cargo type ${quotation.cargoTypeCode}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="sq-terms-fill-form" saveTestId="sq-terms-fill-save" saveDisabled={policies === null || missing.length === 0}>
      {policies === null && !problem && <Spinner size={24} />}
      {problem && <Callout intent="danger" compact>{problem}</Callout>}
      {policies !== null && missing.length === 0 && <p className="bp6-text-muted">The quotation already holds every term of its cargo type.</p>}
      {missing.map((p) => (
        <TextField key={p.policyCode} id={`sq-term-requested-${p.policyCode}`} label={`${p.policyCode} · ${p.description}`}
          helper={`Standard ${p.standardValue}; empty keeps it`} placeholder={p.standardValue} value={requested[p.policyCode] ?? ""}
          onValueChange={(value) => setRequested((r) => ({ ...r, [p.policyCode]: value }))} maxLength={60} />
      ))}
    </FormDialog>
  );
}

/** One term's requested value and, when it should differ, the value that applies. */
function TermDialog({ term, onClose, onSaved }: { term: TermRow | null; onClose: () => void; onSaved: () => void }) {
  const [requestedValue, setRequestedValue] = useState("");
  const [appliedValue, setAppliedValue] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!term) return;
    setRequestedValue(term.requestedValue);
    setAppliedValue(term.appliedValue === (term.requestedValue || term.standardValue) ? "" : term.appliedValue);
    setErrors({});
  }, [term]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!term) return;
    void save(() => updateTerm(term.id, { requestedValue: requestedValue.trim(), appliedValue: appliedValue.trim() || undefined }), {
      onSaved,
      onFieldErrors: setErrors,
    });
  };

  return (
    <FormDialog isOpen={term !== null} title={term ? `Term ${term.policyCode}` : ""} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="sq-term-form" saveTestId="sq-term-save">
      {term && <p>{term.description} · standard <strong>{term.standardValue}</strong></p>}
      <TextField id="sq-term-requestedValue" label="Requested value" helper="Empty keeps the standard value" error={errors.requestedValue}
        value={requestedValue} onValueChange={setRequestedValue} maxLength={60} autoFocus />
      <TextField id="sq-term-appliedValue" label="Applied value" helper="Only when it differs from the requested value" error={errors.appliedValue}
        value={appliedValue} onValueChange={setAppliedValue} maxLength={60} />
    </FormDialog>
  );
}

/**
 * The quotation's terms: the company policies of its cargo type with the standard, requested and applied
 * values. The owning AE fills them from the cargo type and edits or removes them while the quotation may change.
 */
export function TermsSection({ quotation, editable, onChanged }: { quotation: Quotation; editable: boolean; onChanged: () => void }) {
  const [filling, setFilling] = useState(false);
  const [editing, setEditing] = useState<TermRow | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const terms = quotation.terms;

  const remove = async (term: TermRow) => {
    const ok = await confirmPrompt({
      title: "Remove term",
      description: `Remove term ${term.policyCode} (${term.description}) from ${quotation.sqRefNum}?`,
      actionText: "Remove",
      intent: "danger",
    });
    if (!ok) return;
    setBusyId(term.id);
    try {
      notify.success((await whileSaving(() => deleteTerms([term.id]))).message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyId(null);
      // Reloaded either way: after a failed delete the record may have changed under us.
      onChanged();
    }
  };

  const cell = (pick: (t: TermRow) => string, column: string) => (row: number) => {
    const term = terms[row];
    return <Cell>{term && <span data-testid={`sq-term-${term.policyCode}-${column}`}>{pick(term)}</span>}</Cell>;
  };
  const actions = (row: number) => {
    const term = terms[row];
    if (!term) return <Cell />;
    return (
      <Cell interactive className="lading-actions-cell">
        <RowActions>
          <EditButton disabled={busyId === term.id} onClick={() => setEditing(term)} data-testid={`sq-term-${term.policyCode}-edit`} />
          <RowAction icon={<Trash />} intent="danger" label="Remove" disabled={busyId === term.id} onClick={() => void remove(term)}
            data-testid={`sq-term-${term.policyCode}-remove`} />
        </RowActions>
      </Cell>
    );
  };

  return (
    <section className="lading-sq-section" data-testid="sq-terms">
      <div className="lading-sq-section-head">
        <H5>Terms</H5>
        <span className="lading-sq-spacer" />
        {editable && <Button icon={<Import />} text="Terms from cargo type" onClick={() => setFilling(true)} data-testid="sq-terms-fill" />}
      </div>
      {terms.length === 0 ? (
        <NonIdealState title="No terms yet" description={editable ? "Fill them from the cargo type's company policies." : undefined} />
      ) : (
        <DetailTable rows={terms.length} layout={editable ? EDIT_LAYOUT : READ_LAYOUT} redrawOn={[terms, busyId]}>
            {[
              <Column key="code" name="Policy" cellRenderer={cell((t) => t.policyCode, "code")} />,
              <Column key="description" name="Description" cellRenderer={cell((t) => t.description, "description")} />,
              <Column key="standard" name="Standard" cellRenderer={cell((t) => t.standardValue, "standard")} />,
              <Column key="requested" name="Requested" cellRenderer={cell((t) => t.requestedValue, "requested")} />,
              <Column key="applied" name="Applied" cellRenderer={cell((t) => t.appliedValue, "applied")} />,
              ...(editable ? [<Column key="actions" name="Actions" cellRenderer={actions} />] : []),
            ]}
        </DetailTable>
      )}
      <FillTermsDialog quotation={quotation} isOpen={filling} onClose={() => setFilling(false)} onSaved={() => {
        setFilling(false);
        onChanged();
      }} />
      <TermDialog term={editing} onClose={() => setEditing(null)} onSaved={() => {
        setEditing(null);
        onChanged();
      }} />
    </section>
  );
}
