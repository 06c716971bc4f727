import "../whats-new.css";
import { Classes, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { History } from "@blueprintjs/icons";
import { useEffect, useRef } from "react";
import { InlineMarkdown } from "../../../components/InlineMarkdown.tsx";
import { ListPager } from "../../../components/ListPager.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { loadWhatsNew, WHATS_NEW_DEFAULT_PAGE_SIZE, WHATS_NEW_PAGE_SIZES, type WhatsNewEntry } from "../api/whats-new.ts";
import { PAGES } from "../../../lib/paths.ts";

// Release dates are calendar days: read and shown in UTC so no time zone moves them to the day before.
const releaseDate = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" });
const formatDate = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : releaseDate.format(date);
};

function Release({ entry }: { entry: WhatsNewEntry }) {
  return (
    <section className="lading-release" data-testid="whats-new-entry">
      <header className="lading-release-head">
        <H5 data-testid="whats-new-version">Version {entry.version}</H5>
        <time className={Classes.TEXT_MUTED} dateTime={entry.date} data-testid="whats-new-date">{formatDate(entry.date)}</time>
      </header>
      <ul className="lading-release-items">
        {entry.items.map((item, index) => <li key={index}><InlineMarkdown text={item} /></li>)}
      </ul>
    </section>
  );
}

/** What changed in each release, newest first, a page at a time (001 §2). */
export default function WhatsNewPage() {
  const list = usePagedList<WhatsNewEntry, null>({
    load: ({ skip, take }) => loadWhatsNew({ skip, take }),
    initialFilter: null,
    pageSize: WHATS_NEW_DEFAULT_PAGE_SIZE,
    emptyNotice: "searched",
  });
  const { rows, loading } = list;
  const scroller = useRef<HTMLDivElement>(null);

  // Each page starts at its top, not where the reader was on the page before.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [rows]);

  return (
    <div className="lading-page lading-whats-new" data-testid="whats-new-page">
      <PageHeader
        title="What's new"
        crumbs={[{ text: "Version", href: PAGES.version }]}
        actions={<ListPager list={list} rangeTestId="whats-new-range" pageSizes={WHATS_NEW_PAGE_SIZES} pageSizeTestId="whats-new-page-size" />}
      />
      <div
        ref={scroller}
        className="lading-whats-new-list"
        role="region"
        aria-label="Release notes"
        aria-busy={loading}
        // Focusable, so the keyboard can scroll the notes.
        tabIndex={0}
        data-testid="whats-new-list"
      >
        {rows.map((entry, index) => <Release key={`${entry.version}-${entry.date}-${index}`} entry={entry} />)}
        {rows.length === 0 && (loading
          ? <Spinner className="lading-whats-new-state" size={24} aria-label="Loading the release notes" />
          : <NonIdealState className="lading-whats-new-state" icon={<History size={32} />} title="No release notes yet" />)}
      </div>
    </div>
  );
}
