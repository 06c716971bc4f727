import "../stowage.css";
import { AnchorButton, Card, H2, H5, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Disable, Print } from "@blueprintjs/icons";
import { LogoMark } from "../../../components/Logo.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { deliveryModeLabel, paymentModeLabel } from "../../../lib/labels.ts";
import type { PageProps } from "../../../lib/paths.ts";
import { confirmationPdfOfLinkUrl, type ConfirmationView, readConfirmationOfLink } from "../api/loading-confirmation-link.ts";

/**
 * /booking/loadingConfirmation/{bookingRef}/{token}: the shipper opens the link of the e-mail, with no account,
 * and reads what of its cargo is loaded on the voyage; the PDF opens in the print dialog. A link that opens
 * nothing says so on the page.
 */
export default function LoadingConfirmationPage({ params }: PageProps) {
  const bookingRef = params.bookingRef ?? "";
  const token = params.token ?? "";
  const confirmation = useRecord(`${bookingRef}/${token}`, () => readConfirmationOfLink(bookingRef, token).then((r) => r.data), {
    keepStale: false,
    quiet: () => true,
  });
  if (confirmation.error !== null && !confirmation.loading) {
    return (
      <div className="lading-public-confirmation" data-testid="confirmation-error">
        <NonIdealState icon={<Disable size={48} />} title={serverMessage(confirmation.error)} />
      </div>
    );
  }
  if (!confirmation.data || confirmation.loading) return <NonIdealState icon={<Spinner size={30} />} />;
  return <Confirmation view={confirmation.data} pdfUrl={confirmationPdfOfLinkUrl(bookingRef, token)} />;
}

function Confirmation({ view, pdfUrl }: { view: ConfirmationView; pdfUrl: string }) {
  const facts: [string, string, string][] = [
    ["Transaction Ref", view.transactionRef, "confirmation-ref"],
    ["Shipper", view.shipper, "confirmation-shipper"],
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum, "confirmation-voyage"],
    ["Vessel", view.vessel, "confirmation-vessel"],
    ["Origin", view.origin, "confirmation-origin"],
    ["ETD", formatDateTime(view.etd), "confirmation-etd"],
  ];
  return (
    <div className="lading-public-confirmation" data-testid="confirmation-page">
      <header className="lading-confirmation-head">
        <span className="lading-confirmation-brand"><LogoMark size={34} /><strong>Lading</strong></span>
        <AnchorButton intent="primary" icon={<Print />} text="Open PDF to print" href={pdfUrl} target="_blank" data-testid="confirmation-pdf" />
      </header>
      <H2 data-testid="confirmation-title">Loading confirmation</H2>
      <p>Your cargo below is loaded on the vessel.</p>
      <Card>
        <HTMLTable compact className="lading-confirmation-facts">
          <tbody>
            {facts.map(([label, value, testId]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td data-testid={testId}>{value}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      {view.lines.map((line, i) => (
        <Card key={line.bookingRef} data-testid={`confirmation-line-${line.bookingRef}`}>
          <H5>{`${i + 1}. Booking ${line.bookingRef}`}</H5>
          <HTMLTable compact className="lading-confirmation-facts">
            <tbody>
              {([
                ["Cargo", [line.cargo, line.goods].filter(Boolean).join(" "), "cargo"],
                ["Waybill", line.wayBillRef, "waybill"],
                ["Van", line.containerVanNum, "van"],
                ["Seal", line.sealNum, "seal"],
                ["Service mode", deliveryModeLabel(line.modeOfDelivery), "mode"],
                ["Mode of payment", paymentModeLabel(line.modeOfPayment), "payment"],
                ["Consignee", line.consignee, "consignee"],
                ["Destination", line.destination, "destination"],
                ["ETA", line.eta ? formatDateTime(line.eta) : "", "eta"],
                ["Remarks", line.remarks, "remarks"],
              ] as const).filter(([, value]) => value).map(([label, value, key]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td data-testid={`confirmation-${key}-${line.bookingRef}`}>{value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      ))}
    </div>
  );
}
