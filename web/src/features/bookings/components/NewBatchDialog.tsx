import { HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useMemo, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import type { BatchWithBookings } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { createBatch } from "../api/staff.ts";

const fold = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

/**
 * Opens a batch for one customer on the voyage. The batch starts empty; the page goes on to the booking form
 * for its first booking.
 */
export function NewBatchDialog(
  { isOpen, voyageNum, onClose, onCreated }: {
    isOpen: boolean;
    voyageNum: string;
    onClose: () => void;
    onCreated: (batch: BatchWithBookings) => void;
  },
) {
  const customers = usePicker("customers", { enabled: isOpen });
  const [search, setSearch] = useState("");
  const [customerCode, setCustomerCode] = useState("");
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setSearch("");
    setCustomerCode("");
    setRemarks("");
    setErrors({});
  }, [isOpen]);

  // The list of active customers is long; the search narrows it but keeps the chosen one in view.
  const shown = useMemo(() => {
    const key = fold(search);
    if (!key) return customers;
    return customers.filter((c) =>
      c.code === customerCode || fold(c.code).includes(key) || fold(c.company).includes(key) || fold(c.customerContactEmail ?? "").includes(key)
    );
  }, [customers, search, customerCode]);

  // A search that leaves one customer chooses it, so typing a code is enough.
  useEffect(() => {
    if (search.trim() && shown.length === 1 && shown[0].code !== customerCode) setCustomerCode(shown[0].code);
  }, [search, shown, customerCode]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!customerCode) {
      setErrors({ customerCode: "Customer is required" });
      focusSoon("batch-customer");
      return;
    }
    await save(() => createBatch({ voyageNum, customerCode, remarks: remarks.trim() }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors),
    });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`New booking batch · voyage ${voyageNum}`}
      saving={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      formTestId="batch-form"
      saveTestId="batch-create"
    >
      <FormField label="Find a customer" id="batch-customer-search" helper={`${shown.length} of ${customers.length} customers`}>
        <InputGroup id="batch-customer-search" leftIcon={<Search />} type="search" placeholder="Code, company or e-mail" value={search}
          onValueChange={setSearch} data-testid="batch-customer-search" />
      </FormField>
      <FormField label="Customer" id="batch-customer" required error={errors.customerCode}>
        <HTMLSelect id="batch-customer" fill value={customerCode} data-testid="batch-customer"
          onChange={(e) => {
            setCustomerCode(e.currentTarget.value);
            setErrors((x) => ({ ...x, customerCode: undefined }));
          }}>
          <option value="">Choose a customer…</option>
          {shown.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Remarks" id="batch-remarks" error={errors.remarks}>
        <TextArea id="batch-remarks" fill rows={2} maxLength={1000} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid="batch-remarks" />
      </FormField>
    </FormDialog>
  );
}
