import { Callout, FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useState } from "react";
import { holidayContract } from "../../../../../api/modules/master-data/schemas.ts";
import { manilaDate } from "../../../../../api/shared/dates.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { EntityList } from "../components/EntityList.tsx";

/**
 * The holiday list read through the call that keeps national holidays under a branch filter; the shared
 * load would match the branch exactly and hide them.
 */
const HOLIDAY_LIST = { ...holidayContract, paths: { ...holidayContract.paths, load: "loadForBranch" } };

const ALL = "";

/** Holidays by branch and year. A holiday without a branch is national and closes every branch. */
export default function HolidaysPage() {
  const thisYear = Number(manilaDate(new Date()).slice(0, 4));
  const branches = usePicker("branches", { fresh: true });
  const [branch, setBranch] = useState(ALL);
  const [year, setYear] = useState(String(thisYear));

  // Only chosen filters are sent: an empty year would not be a year.
  const fixed: Record<string, string> = {};
  if (branch !== ALL) fixed.forBranch = branch;
  if (year !== ALL) fixed.year = year;
  const years = Array.from({ length: 7 }, (_, i) => String(thisYear + 2 - i));

  return (
    <EntityList
      // The list reads its page again only on its own triggers; a new key starts it over with the new filters.
      key={`${branch}|${year}`}
      contract={HOLIDAY_LIST}
      title="Holidays"
      idPrefix="holiday"
      fixed={fixed}
    >
      <div style={{ display: "flex", gap: 16, alignItems: "flex-end", flexWrap: "wrap" }}>
        <FormGroup label="Branch" labelFor="holiday-branch-filter" inline={false} style={{ marginBottom: 8 }}>
          <HTMLSelect id="holiday-branch-filter" value={branch} onChange={(e) => setBranch(e.currentTarget.value)}
            data-testid="holiday-branch-filter">
            <option value={ALL}>Every branch</option>
            {branches.map((b) => <option key={String(b.code)} value={String(b.code)}>{`${String(b.code)} · ${String(b.name)}`}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Year" labelFor="holiday-year-filter" style={{ marginBottom: 8 }}>
          <HTMLSelect id="holiday-year-filter" value={year} onChange={(e) => setYear(e.currentTarget.value)} data-testid="holiday-year-filter">
            <option value={ALL}>All years</option>
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </HTMLSelect>
        </FormGroup>
        <Callout intent="primary" compact style={{ flex: "1 1 320px", marginBottom: 8 }} data-testid="holiday-note">
          {branch === ALL
            ? "A holiday with no branch is national: every branch is closed that day."
            : `Showing the holidays of ${branch} together with the national ones (no branch), which close ${branch} too.`}
        </Callout>
      </div>
    </EntityList>
  );
}
