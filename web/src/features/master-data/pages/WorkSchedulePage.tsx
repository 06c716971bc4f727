import { Button, Card, H5, HTMLTable, Spinner, Tag } from "@blueprintjs/core";
import { Refresh } from "@blueprintjs/icons";
import { useState } from "react";
import { workScheduleContract } from "../../../../../api/modules/master-data/schemas.ts";
import { manilaDate } from "../../../../../api/shared/dates.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { loadPicker } from "../../../lib/data/pickers.ts";
import { errorText } from "../../../lib/notify.ts";
import { workingWeekOf } from "../api/records.ts";
import { EntityList } from "../components/EntityList.tsx";

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Monday first, as the branches read their week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface BranchWeek {
  code: string;
  name: string;
  workSchedule: number[];
}

/**
 * Each active branch's working week as the server computes it: days without a schedule row keep the default
 * Monday-to-Saturday week, so the strip is read from the calendar call rather than worked out here.
 */
async function loadWeeks(): Promise<BranchWeek[]> {
  const branches = await loadPicker("branches", true);
  const today = manilaDate(new Date());
  return await Promise.all(branches.map(async (b) => {
    const answer = await workingWeekOf(b.code, today);
    return { code: b.code, name: b.name, workSchedule: answer.data.workSchedule };
  }));
}

/** The strip is drawn again whenever `version` moves: the page bumps it after every schedule change. */
function WeekStrip({ version }: { version: number }) {
  const record = useRecord(String(version), loadWeeks);
  const { data: weeks, loading, reload: refresh } = record;
  const failure = record.error !== null ? errorText(record.error) : null;

  return (
    <Card style={{ marginBottom: 12, padding: 12 }} data-testid="work-schedule-week">
      <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
        <H5 style={{ margin: 0 }}>Working week by branch</H5>
        <Button variant="minimal" icon={<Refresh />} loading={loading} onClick={refresh} aria-label="Reload working weeks"
          title="Reload working weeks" data-testid="work-schedule-week-reload" />
      </div>
      {failure !== null
        ? <p className="bp6-text-muted" data-testid="work-schedule-week-failed">The working weeks could not be loaded: {failure}</p>
        : weeks === null
        ? <Spinner size={20} />
        : weeks.length === 0
        ? <p>No active branches.</p>
        : (
          <div style={{ maxHeight: 220, overflowY: "auto" }}>
            <HTMLTable compact style={{ width: "100%" }}>
              <thead>
                <tr>
                  <th>Branch</th>
                  {WEEK_ORDER.map((d) => <th key={d}>{DAY_NAMES[d]}</th>)}
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.code} data-testid={`work-schedule-week-${w.code}`}>
                    <td title={w.name}>{w.code}</td>
                    {WEEK_ORDER.map((d) => {
                      const working = w.workSchedule.includes(d);
                      return (
                        <td key={d}>
                          <Tag minimal intent={working ? "success" : "none"} data-testid={`work-schedule-day-${w.code}-${d}`}
                            aria-label={`${w.code} ${DAY_NAMES[d]}: ${working ? "working day" : "rest day"}`}>
                            {working ? "Work" : "Rest"}
                          </Tag>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
    </Card>
  );
}

/** Which weekdays each branch works, with its hours; a weekday without a row keeps the default week. */
export default function WorkSchedulePage() {
  const [version, setVersion] = useState(0);
  return (
    <EntityList contract={workScheduleContract} title="Work schedule" idPrefix="work-schedule" onChanged={() => setVersion((v) => v + 1)}>
      <WeekStrip version={version} />
    </EntityList>
  );
}
