import { InputGroup } from "@blueprintjs/core";

/** A labelled date input of a report's filter bar ("YYYY-MM-DD"); red when the filter is out of order. */
export function DateField(
  { label, value, onChange, invalid, testId }: { label: string; value: string; onChange: (v: string) => void; invalid?: boolean; testId: string },
) {
  return (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      {label}
      <InputGroup type="date" value={value} onValueChange={onChange} intent={invalid ? "danger" : "none"} aria-invalid={invalid} data-testid={testId} />
    </label>
  );
}
