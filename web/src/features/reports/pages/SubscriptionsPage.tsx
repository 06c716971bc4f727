import { Button, Callout, HTMLSelect, HTMLTable, NonIdealState } from "@blueprintjs/core";
import { Envelope, Trash } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useActiveList } from "../../../lib/data/pickers.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { type ReportSubscription, reportSubscriptions, subscribeRole, type SubscriptionBody, unsubscribeRole } from "../api.ts";

/**
 * Scheduled reports: which roles receive which report weekly (the week just over, Monday to Sunday) or monthly,
 * by e-mail with the workbook attached, each user's within their own branches. A report's subscriptions are
 * managed by whoever may read the report; the list shows only those reports.
 */

/** The reports by their command name, with what reads them (REPORT_CATALOGUE of the server). */
const REPORTS: { name: SubscriptionBody["report"]; title: string; permission: string }[] = [
  { name: "revenue", title: "Revenue report", permission: "VOYAGE_FREIGHT_REVENUE_REPORT" },
  { name: "comparative-revenue", title: "Comparative revenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT" },
  { name: "operation", title: "Operation report", permission: "VOYAGE" },
  { name: "tally-finalization", title: "Tally sheet finalization", permission: "OUTBOUND" },
  { name: "voyage-history", title: "Voyage history", permission: "VOYAGE" },
  { name: "bookings", title: "Booking report", permission: "VOYAGE" },
  { name: "csr", title: "Bookings by CSR", permission: "CSR_REPORT" },
  { name: "sq-commodity", title: "SQ-based commodity", permission: "VOYAGE" },
];

interface Role {
  roleId: string;
  roleName: string;
}

export default function SubscriptionsPage() {
  const user = useAtomValue(signedInUserAtom);
  const grants = new Set<string>([...(user?.menus ?? []), ...(user?.capabilities ?? [])]);
  const readable = REPORTS.filter((r) => grants.has(r.permission));
  const roles = useActiveList<Role>("/Roles/getIsActive");
  const [rows, setRows] = useState<ReportSubscription[] | null>(null);
  const [form, setForm] = useState<SubscriptionBody>({ roleId: "", report: readable[0]?.name ?? "bookings", frequency: "WEEKLY" });
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    reportSubscriptions().then((answer) => setRows(answer.data)).catch((err) => notify.error(errorText(err)));
  }, []);
  useEffect(reload, [reload]);

  const add = async () => {
    setBusy(true);
    try {
      const answer = await subscribeRole(form);
      notify.success(answer.message);
      reload();
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    try {
      notify.success((await unsubscribeRole(id)).message);
      reload();
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  return (
    <div className="lading-page" data-testid="report-subscriptions-page">
      <PageHeader title="Report subscriptions" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <Callout compact style={{ marginBottom: 10 }}>
        Each morning the reports of the week (Monday to Sunday) or month just over are mailed to the role's users with an e-mail address, the
        workbook attached, each covering the branches the user works for.
      </Callout>
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <HTMLSelect aria-label="Role" value={form.roleId} onChange={(e) => setForm({ ...form, roleId: e.currentTarget.value })} data-testid="subscription-role">
          <option value="">Choose a role</option>
          {roles.map((r) => <option key={r.roleId} value={r.roleId}>{r.roleId} · {r.roleName}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Report" value={form.report} onChange={(e) => setForm({ ...form, report: e.currentTarget.value as SubscriptionBody["report"] })}
          data-testid="subscription-report">
          {readable.map((r) => <option key={r.name} value={r.name}>{r.title}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Frequency" value={form.frequency} onChange={(e) => setForm({ ...form, frequency: e.currentTarget.value as SubscriptionBody["frequency"] })}
          data-testid="subscription-frequency">
          <option value="WEEKLY">Weekly</option>
          <option value="MONTHLY">Monthly</option>
        </HTMLSelect>
        <Button icon={<Envelope />} intent="primary" text="Subscribe" loading={busy} disabled={!form.roleId || readable.length === 0} onClick={add}
          data-testid="subscription-add" />
      </div>
      {rows && rows.length === 0 && <NonIdealState icon={<Envelope size={32} />} title="No subscriptions yet" />}
      {rows && rows.length > 0 && (
        <HTMLTable compact striped style={{ width: "100%" }} data-testid="subscriptions-table">
          <thead>
            <tr><th>Role</th><th>Report</th><th>Every</th><th>Recipients</th><th>Last sent</th><th /></tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-testid={`subscription-${s.id}`}>
                <td>{s.roleId} · {s.roleName}</td>
                <td>{s.title}</td>
                <td>{s.frequency === "WEEKLY" ? "Week" : "Month"}</td>
                <td>{s.recipients.length === 0 ? "No user of the role has an e-mail address" : s.recipients.join(", ")}</td>
                <td>{s.lastSent ? `${s.lastSent.dateFrom} to ${s.lastSent.dateTo} (${s.lastSent.recipients})` : "Not yet"}</td>
                <td><Button minimal small icon={<Trash />} aria-label="Unsubscribe" onClick={() => remove(s.id)} data-testid={`subscription-remove-${s.id}`} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
