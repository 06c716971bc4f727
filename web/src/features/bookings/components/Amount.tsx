/** A decimal amount as the server writes it ("12500.5"), grouped for reading: "12,500.50". Never a float. */
export function formatAmount(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (text === "") return "0.00";
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const grouped = (whole.replace(/^0+(?=\d)/, "") || "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}.${fraction.padEnd(2, "0")}`;
}

export function Amount({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return <span className="lading-booking-amount" data-testid={testId}>{formatAmount(value)}</span>;
}
