import "../inbound.css";
import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Envelope, Print, Search } from "@blueprintjs/icons";
import { useState } from "react";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { cargoNoticePrintUrl, type NoticeWaybill, readVoyageNotices, sendArrivalNotice, vesselNoticePrintUrl } from "../api/arrival-notices.ts";

/**
 * /inbound/arrivalNotice/{voyageNum}: the arrival notices of a voyage at the user's ports of call. The vessel
 * arrival notice prints from the header; each discharged waybill's cargo arrival notice is previewed as its PDF and
 * sent to the consignee by e-mail, to the address on file or one typed, with to whom and when it went.
 */
export default function ArrivalNoticesPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const record = useRecord(voyageNum, () => readVoyageNotices(voyageNum).then((r) => r.data));
  const view = record.data;
  const [port, setPort] = useState<string | null>(null);
  const [sending, setSending] = useState<NoticeWaybill | null>(null);
  const [handOver, setHandOver] = useState<{ wayBillRef: string; link: string } | null>(null);
  const crumbs = [{ text: "Inbound", href: PAGES.inbound }];

  if (!view) {
    return (
      <div className="lading-page" data-testid="arrival-notices-page">
        <PageHeader title={`Arrival notices ${voyageNum}`} crumbs={crumbs} />
        {record.error ? (
          <NonIdealState icon={<Search size={32} />} title="Voyage not found" description={`Voyage ${voyageNum} calls at none of your ports.`}
            action={<AppLink to={PAGES.inbound}>Back to Inbound</AppLink>} />
        ) : <Spinner />}
      </div>
    );
  }
  const here = port ?? view.destinations[0]?.destinationBranchCode ?? "";
  const rows = view.waybills.filter((w) => w.destinationBranchCode === here);
  return (
    <div className="lading-page" data-testid="arrival-notices-page">
      <PageHeader
        title={`Arrival notices ${view.voyageRef || view.voyageNum}`}
        crumbs={crumbs}
        actions={
          <>
            {view.destinations.length > 1 && (
              <HTMLSelect value={here} onChange={(e) => setPort(e.currentTarget.value)} data-testid="arrival-port"
                options={view.destinations.map((d) => ({ value: d.destinationBranchCode, label: d.destination }))} />
            )}
            <AnchorButton icon={<Print />} text="Vessel arrival notice" href={vesselNoticePrintUrl(view.voyageNum, here)} target="_blank" rel="noopener"
              data-testid="arrival-vessel-print" />
          </>
        }
      />
      <p>{`${view.vessel}, voyage ${view.voyageNum}. Each waybill discharged here (final unloading tally) can be announced to its consignee.`}</p>
      {handOver && (
        <Callout intent="warning" title="No e-mail was sent" data-testid="arrival-hand-over">
          {`Give the consignee of ${handOver.wayBillRef} this link: `}
          <code>{handOver.link}</code>
        </Callout>
      )}
      {rows.length === 0
        ? <NonIdealState title="No discharged waybill" description="Waybills appear here once the final unloading tally sheet counts them." />
        : (
          <HTMLTable compact striped className="lading-arrival-table" data-testid="arrival-table">
            <thead>
              <tr><th>Waybill</th><th>Consignee</th><th>E-mail on file</th><th>Payment</th><th>Sent</th><th /></tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <tr key={w.wayBillRef} data-testid={`arrival-row-${w.wayBillRef}`}>
                  <td>{w.wayBillRef}</td>
                  <td>{w.consigneeName}</td>
                  <td>{w.consigneeEmail || "none"}</td>
                  <td>{w.modeOfPayment}</td>
                  <td data-testid={`arrival-sent-${w.wayBillRef}`}>
                    {w.sent.length === 0 ? "Not sent" : w.sent.map((s) => (
                      <div key={s.id}>{`${s.mailed ? "To" : "Recorded as"} ${s.sentTo}, ${formatDateTime(s.dateSent)} by ${s.sentByName}`}</div>
                    ))}
                  </td>
                  <td className="lading-arrival-actions">
                    <AnchorButton small icon={<Print />} text="Preview" href={cargoNoticePrintUrl(w.wayBillRef)} target="_blank" rel="noopener"
                      data-testid={`arrival-preview-${w.wayBillRef}`} />
                    <Button small intent="primary" icon={<Envelope />} text="Send arrival notice" onClick={() => setSending(w)}
                      data-testid={`arrival-send-${w.wayBillRef}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      {sending && (
        <SendDialog waybill={sending} onClose={() => setSending(null)} onSent={(link) => {
          setHandOver(link ? { wayBillRef: sending.wayBillRef, link } : null);
          setSending(null);
          record.reload();
        }} />
      )}
    </div>
  );
}

function SendDialog({ waybill, onClose, onSent }: { waybill: NoticeWaybill; onClose: () => void; onSent: (link: string | null) => void }) {
  const [email, setEmail] = useState(waybill.consigneeEmail);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const result = await sendArrivalNotice(waybill.wayBillRef, email);
      notify.success(result.message);
      onSent(result.data.link);
    } catch (error) {
      notify.error(errorText(error));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={busy ? undefined : onClose} title={`Send arrival notice: ${waybill.wayBillRef}`} className="lading-form-dialog">
      <DialogBody>
        <p>{`The consignee ${waybill.consigneeName || ""} gets an e-mail with a link to the arrival notice: the amount due, whether it is paid, the free days left and the release.`}</p>
        <FormGroup label="Consignee e-mail" labelFor="arrival-email"
          helperText={waybill.consigneeEmail ? "The address on file; type another to send there." : "No address on file: type one, or leave it empty to record the notice without an e-mail."}>
          <InputGroup id="arrival-email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="arrival-email" />
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={
        <>
          <Button text="Cancel" onClick={onClose} disabled={busy} />
          <Button intent="primary" icon={<Envelope />} text="Send" loading={busy} onClick={() => void send()} data-testid="arrival-send-confirm" />
        </>
      } />
    </Dialog>
  );
}
