import { formatAmount } from "../../../lib/format.ts";

export function Amount({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return <span className="lading-booking-amount" data-testid={testId}>{formatAmount(value)}</span>;
}
