import "../sales-quotations.css";
import { AnchorButton, Button, Callout, Checkbox, FormGroup, HTMLTable, InputGroup, NonIdealState, TextArea } from "@blueprintjs/core";
import { Document, Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { type Memo, memoCandidates, memoUrl, writeMemo } from "../api/quotations.ts";

/**
 * The sales branch manager's memorandum (getListSQforMemo, proceedtoSQMemoV1): pick the approved quotations no
 * memorandum has announced yet, write the subject and text, and open the memorandum as a PDF.
 */
export default function MemoPage(_props: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const isSbm = user?.capabilities.includes("SQ_SBM") ?? false;
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [saving, setSaving] = useState(false);
  const [written, setWritten] = useState<Memo | null>(null);

  const candidates = useRecord(isSbm ? "memo" : null, () => memoCandidates().then((r) => r.data), { onAnswer: () => setChosen(new Set()) });
  // A failed read shows the empty list, with the notice.
  const rows = candidates.error !== null ? [] : candidates.data;

  if (!isSbm) {
    return (
      <div className="lading-page" data-testid="sq-memo">
        <PageHeader title="Quotation memorandum" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
        <Callout intent="primary" title="Memoranda are written by sales branch managers">
          Your role is not a sales branch manager's (SBM), so it prepares no memoranda.
        </Callout>
      </div>
    );
  }

  const toggle = (sqRefNum: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(sqRefNum)) next.delete(sqRefNum);
      else next.add(sqRefNum);
      return next;
    });

  const proceed = async () => {
    setSaving(true);
    try {
      // Leaving while the memorandum is written is asked about first.
      const answer = await whileSaving(() => writeMemo({ sqRefNums: [...chosen], subject, body }));
      notify.success(answer.message);
      setWritten(answer.data);
      setSubject("");
      setBody("");
      candidates.reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="lading-page" data-testid="sq-memo">
      <PageHeader title="Quotation memorandum" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
      {written && (
        <Callout intent="success" title={`Memorandum ${written.memoRef}`} data-testid="sq-memo-written">
          {written.subject}: {written.sqRefNums.join(", ")}.{" "}
          <AnchorButton small icon={<Document />} href={memoUrl(written.memoRef)} target="_blank" rel="noopener" data-testid="sq-memo-open">
            Open memorandum
          </AnchorButton>
        </Callout>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <NonIdealState icon={<Search size={32} />} title="No SQ Found!" description="Every finance-approved quotation is already on a memorandum." />
      ) : (
        <HTMLTable compact striped className="lading-sq-memo-table" data-testid="sq-memo-table">
          <thead>
            <tr>
              <th />
              <th>SQ reference</th>
              <th>SQ date</th>
              <th>Valid until</th>
              <th>Customer</th>
              <th>Branch</th>
              <th>AE</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((q) => (
              <tr key={q.sqRefNum}>
                <td>
                  <Checkbox checked={chosen.has(q.sqRefNum)} onChange={() => toggle(q.sqRefNum)} aria-label={`Put ${q.sqRefNum} on the memorandum`}
                    data-testid={`sq-memo-pick-${q.sqRefNum}`} />
                </td>
                <td><AppLink to={pathTo(PAGES.sqRead, { sqRefNum: q.sqRefNum })}>{q.sqRefNum}</AppLink></td>
                <td>{q.sqDate}</td>
                <td>{q.validUntil}</td>
                <td>{q.customerCode}</td>
                <td>{q.branchCode}</td>
                <td>{q.userId}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {rows && rows.length > 0 && (
        <div className="lading-sq-memo-form">
          <FormGroup label="Subject" labelFor="sq-memo-subject" labelInfo="(required)">
            <InputGroup id="sq-memo-subject" value={subject} maxLength={200} onValueChange={setSubject} data-testid="sq-memo-subject" />
          </FormGroup>
          <FormGroup label="Memorandum text" labelFor="sq-memo-body">
            <TextArea id="sq-memo-body" fill rows={4} value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)} data-testid="sq-memo-body" />
          </FormGroup>
          <Button intent="primary" loading={saving} disabled={chosen.size === 0 || subject.trim() === ""} onClick={() => void proceed()}
            data-testid="sq-memo-proceed">
            Proceed to memorandum ({chosen.size})
          </Button>
        </div>
      )}
    </div>
  );
}
