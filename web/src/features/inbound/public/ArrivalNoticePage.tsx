import "../inbound.css";
import { AnchorButton, Callout, Card, H2, H5, HTMLTable, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Disable, Print } from "@blueprintjs/icons";
import { LogoMark } from "../../../components/Logo.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { deliveryModeLabel, paymentModeLabel } from "../../../lib/labels.ts";
import type { PageProps } from "../../../lib/paths.ts";
import { formatBusinessDate } from "../../../../../api/shared/dates.ts";
import { noticePdfOfLinkUrl, type PublicArrivalNotice, readNoticeOfLink } from "../api/arrival-notices.ts";

/**
 * /arrivalNotice/{wayBillRef}/{token}: the consignee opens the link of the arrival notice e-mail, with no account,
 * and sees the amount due, whether it is paid, the free days of storage left as a countdown and where the release
 * of the cargo stands; the notice's PDF opens from here. A link that opens nothing says so on the page.
 */
export default function ArrivalNoticePage({ params }: PageProps) {
  const wayBillRef = params.wayBillRef ?? "";
  const token = params.token ?? "";
  const notice = useRecord(`${wayBillRef}/${token}`, () => readNoticeOfLink(wayBillRef, token).then((r) => r.data), { keepStale: false, quiet: () => true });
  if (notice.error !== null && !notice.loading) {
    return (
      <div className="lading-public-arrival" data-testid="arrival-error">
        <NonIdealState icon={<Disable size={48} />} title="Arrival notice not found" description={serverMessage(notice.error)} />
      </div>
    );
  }
  if (!notice.data || notice.loading) return <NonIdealState icon={<Spinner size={30} />} />;
  return <Notice view={notice.data} pdfUrl={noticePdfOfLinkUrl(wayBillRef, token)} />;
}

function countdownText(c: NonNullable<PublicArrivalNotice["countdown"]>): string {
  if (c.daysOverdue > 0) return `${c.daysOverdue} day${c.daysOverdue === 1 ? "" : "s"} past the free days`;
  if (c.isLastFreeDay) return "Today is the last free day";
  return `${c.freeDaysLeft} free day${c.freeDaysLeft === 1 ? "" : "s"} left`;
}

function releaseText(r: PublicArrivalNotice["release"]): string {
  if (r.cleared) return `Released: cargo release order ${r.cargorReleaseOrderId} cleared`;
  if (r.cargorReleaseOrderId) return `Cargo release order ${r.cargorReleaseOrderId} made`;
  return "Not released yet: the cargo is released once the charges are paid";
}

function Notice({ view, pdfUrl }: { view: PublicArrivalNotice; pdfUrl: string }) {
  const n = view.notice;
  const facts: [string, string, string][] = [
    ["Waybill", n.wayBillRef, "arrival-waybill"],
    ["Consignee", n.consigneeName, "arrival-consignee"],
    ["Shipper", n.shipper, "arrival-shipper"],
    ["Vessel", n.vessel, "arrival-vessel"],
    ["Voyage", n.voyageRef ? `${n.voyageNum} (${n.voyageRef})` : n.voyageNum, "arrival-voyage"],
    ["Arrival", n.arrivalDate ? formatDateTime(n.arrivalDate) : "", "arrival-date"],
    ["From", n.origin, "arrival-origin"],
    ["To", n.destination, "arrival-destination"],
    ["Cargo", [n.cargo, n.goods].filter(Boolean).join(", "), "arrival-cargo"],
    ["Van", n.containerVanNum, "arrival-van"],
    ["Seal", n.sealNum, "arrival-seal"],
    ["Service mode", deliveryModeLabel(n.modeOfDelivery), "arrival-mode"],
    ["Mode of payment", paymentModeLabel(n.modeOfPayment), "arrival-payment-mode"],
  ];
  return (
    <div className="lading-public-arrival" data-testid="arrival-page">
      <header className="lading-arrival-head">
        <span className="lading-arrival-brand"><LogoMark size={34} /><strong>Lading</strong></span>
        <AnchorButton intent="primary" icon={<Print />} text="Open PDF to print" href={pdfUrl} target="_blank" data-testid="arrival-pdf" />
      </header>
      <H2>Cargo arrival notice</H2>
      <div className="lading-arrival-figures">
        <Card>
          <H5>Amount due</H5>
          <div className="lading-arrival-figure" data-testid="arrival-amount">{`PHP ${formatAmount(n.amountPaybles)}`}</div>
          <Tag intent={view.payment.paid ? "success" : "warning"} data-testid="arrival-paid">{view.payment.paid ? "Paid" : "Not paid"}</Tag>
        </Card>
        <Card>
          <H5>Free storage</H5>
          {view.countdown
            ? (
              <>
                <div className="lading-arrival-figure" data-testid="arrival-countdown">{countdownText(view.countdown)}</div>
                <div data-testid="arrival-due-date">{`Storage due date: ${formatBusinessDate(view.countdown.lastFreeDay)}`}</div>
              </>
            )
            : <div data-testid="arrival-countdown">The free days start once the cargo is tallied off the vessel.</div>}
          {n.storage && <div>{`Each further day: PHP ${formatAmount(n.storage.perDay.total)}`}</div>}
        </Card>
        <Card>
          <H5>Release</H5>
          <div data-testid="arrival-release">{releaseText(view.release)}</div>
          {view.release.cargoStageName && <div data-testid="arrival-stage">{`Cargo: ${view.release.cargoStageName}`}</div>}
        </Card>
      </div>
      {!view.payment.paid && <Callout intent="warning" data-testid="arrival-paid-reason">{view.payment.reason}</Callout>}
      <Card>
        <HTMLTable compact className="lading-arrival-facts">
          <tbody>
            {facts.filter(([, value]) => value).map(([label, value, testId]) => (
              <tr key={label}><th scope="row">{label}</th><td data-testid={testId}>{value}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <Card>
        <H5>Charges</H5>
        <HTMLTable compact striped className="lading-arrival-table" data-testid="arrival-charges">
          <thead><tr><th>Particulars</th><th className="lading-arrival-amount">Charge</th><th className="lading-arrival-amount">Payable</th></tr></thead>
          <tbody>
            {n.charges.map((c) => (
              <tr key={`${c.chargeCode}-${c.part}`}>
                <td>{c.payableTo === "PORT" ? `${c.particulars} (payable to the port)` : c.particulars}</td>
                <td className="lading-arrival-amount">{c.prepaid ? "Prepaid" : formatAmount(c.chargeValue ?? "0")}</td>
                <td className="lading-arrival-amount">{formatAmount(c.payable)}</td>
              </tr>
            ))}
            <tr><th>Insurance</th><td /><td className="lading-arrival-amount">{formatAmount(n.insurance)}</td></tr>
            <tr><th>Amount payable</th><td /><th className="lading-arrival-amount">{formatAmount(n.amountPaybles)}</th></tr>
          </tbody>
        </HTMLTable>
      </Card>
      <Card>
        <H5>Terms</H5>
        <HTMLTable compact className="lading-arrival-facts">
          <tbody>{n.terms.map((t) => <tr key={t.policyCode}><th scope="row">{t.policyName}</th><td>{t.value}</td></tr>)}</tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}
