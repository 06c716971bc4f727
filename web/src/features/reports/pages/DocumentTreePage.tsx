import { Button, Callout, Card, Classes, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Document, Search } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation } from "wouter";
import { formatManilaDateTime } from "../../../../../api/shared/dates.ts";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { documentTree } from "../api.ts";

/**
 * The document tree of a booking (/voyage/reports/document_tree/{bookingRef}): each document its cargo made, in the
 * order of the chain, with a link to the page that shows it, and the documents still to come.
 */
export default function DocumentTreePage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const bookingRef = params.bookingRef ?? "";
  const [typed, setTyped] = useState(bookingRef);
  const tree = useRecord(bookingRef ? bookingRef : null, documentTree);
  const open = () => typed.trim() && navigate(pathTo(PAGES.documentTreeOf, { bookingRef: typed.trim().toUpperCase() }));

  return (
    <div className="lading-page" data-testid="document-tree-page">
      <PageHeader title={bookingRef ? `Document tree · ${bookingRef}` : "Document tree of a booking"} crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <form className="lading-toolbar" style={{ marginBottom: 10 }} onSubmit={(e) => { e.preventDefault(); open(); }}>
        <InputGroup aria-label="Booking no." placeholder="Booking no." value={typed} onValueChange={setTyped} leftIcon={<Search />}
          style={{ width: 260 }} data-testid="document-tree-booking" />
        <Button type="submit" text="Show" disabled={!typed.trim()} data-testid="document-tree-show" />
      </form>
      {!bookingRef && <Callout compact>Enter a booking number to see every document made for its cargo.</Callout>}
      {bookingRef && tree.loading && !tree.data && <Spinner size={30} />}
      {bookingRef && tree.error !== null && (
        <NonIdealState icon={<Search size={32} />} title="Booking not found" description={`No booking ${bookingRef} in your branches.`} data-testid="document-tree-missing" />
      )}
      {tree.data && tree.error === null && (
        <Card data-testid="document-tree">
          <p className={Classes.TEXT_MUTED}>
            Voyage {tree.data.voyageNum}, shipper {tree.data.customerCode} · {tree.data.customerName}
          </p>
          <ol className="lading-document-tree" style={{ listStyle: "none", paddingLeft: 0, margin: 0 }}>
            {tree.data.data.map((node, i) => (
              <li key={`${node.kind}-${node.reference}-${i}`} style={{ display: "flex", gap: 10, alignItems: "baseline", padding: "6px 0", paddingLeft: i * 14 }}
                data-testid={`document-tree-node-${i}`}>
                <Document />
                <strong style={{ minWidth: 150 }}>{node.label}</strong>
                <AppLink to={node.link} data-testid={`document-tree-link-${i}`}>{node.reference}</AppLink>
                <Tag minimal>{node.status}</Tag>
                <span className={Classes.TEXT_MUTED}>{node.detail}</span>
                <span className={Classes.TEXT_MUTED} style={{ marginLeft: "auto" }}>{formatManilaDateTime(node.date)}</span>
              </li>
            ))}
          </ol>
          {tree.data.missing.length > 0 && (
            <p className={Classes.TEXT_MUTED} style={{ marginTop: 10 }} data-testid="document-tree-to-come">
              Not made yet: {tree.data.missing.join(", ")}.
            </p>
          )}
        </Card>
      )}
    </div>
  );
}
