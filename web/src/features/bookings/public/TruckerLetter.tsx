import "./public.css";
import { NonIdealState, Spinner } from "@blueprintjs/core";
import { Disable } from "@blueprintjs/icons";
import type { ReactNode } from "react";
import { LogoMark } from "../../../components/Logo.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { type LetterKind, readTruckerView, type TruckerView } from "../api/public.ts";
import { formatBusinessDate } from "../../../../../api/shared/dates.ts";
import { deliveryModeLabel, formatClock } from "./format.ts";

type Load = { state: "loading" } | { state: "ready"; view: TruckerView } | { state: "failed"; message: string };

export function useTruckerView(kind: LetterKind, id: string): Load {
  // A letter that cannot be shown says why on the page, not in a notice.
  const letter = useRecord(`${kind}/${id}`, () => readTruckerView(kind, id).then((r) => r.data), { keepStale: false, quiet: () => true });
  if (letter.error !== null && !letter.loading) return { state: "failed", message: serverMessage(letter.error) };
  return letter.data && !letter.loading ? { state: "ready", view: letter.data } : { state: "loading" };
}

/** Spinner while loading, the server's message when the letter cannot be shown, otherwise the letter. */
export function LetterState({ load, children }: { load: Load; children: (view: TruckerView) => ReactNode }) {
  if (load.state === "loading") return <NonIdealState className="lading-page-state" icon={<Spinner size={30} />} />;
  if (load.state === "failed") {
    return (
      <div className="lading-public-page" data-testid="letter-error">
        <NonIdealState className="lading-page-state" icon={<Disable size={48} />} title={load.message} />
      </div>
    );
  }
  return <>{children(load.view)}</>;
}

/** "Mar 14, 2025, 2:30 PM", or whichever part is known. */
export function pickUpWhen(view: TruckerView): string {
  const date = formatBusinessDate(view.pickUpDate);
  const time = view.pickUpTime ? formatClock(view.pickUpTime) : "";
  return [date, time].filter(Boolean).join(", ");
}

export interface LetterProps {
  title: string;
  dated: string;
  view: TruckerView;
  /** Buttons above the sheet; they are left out of the printout. */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The sheet both trucker documents share: the line's heading, the date, the text of the letter, the booking's
 * particulars and a signature line. Laid out to print on one A4 page.
 */
export function Letter({ title, dated, view, actions, children }: LetterProps) {
  const quantity = [
    view.quantity ? `${view.quantity}${view.packaging ? ` ${view.packaging}` : ""}` : view.packaging,
    view.quantityTeu ? `${view.quantityTeu} TEU` : "",
  ].filter(Boolean).join(" · ");
  const rows: [string, string, string][] = [
    ["Booking reference", view.bookingRef, "letter-ref"],
    ["Shipper", view.shipperName, "letter-shipper"],
    ["Vessel", view.vesselName, "letter-vessel"],
    ["Voyage", view.voyageRef || view.voyageNum, "letter-voyage"],
    ["Origin", view.originBranchName, "letter-origin"],
    ["Destination", view.destinationName, "letter-destination"],
    ["Mode of delivery", deliveryModeLabel(view.modeOfDelivery), "letter-mode"],
    ["Goods", view.goods, "letter-goods"],
    ["Quantity", quantity, "letter-quantity"],
    ["Container number", view.containerVanNum, "letter-container"],
    ["Pick-up address", view.pickUpAddress, "letter-pickup-address"],
    ["Pick-up date and time", pickUpWhen(view), "letter-pickup-when"],
    ["Trucker", view.truckerName, "letter-trucker"],
    ["Plate number", view.plateNum, "letter-plate"],
    ["Trailer number", view.trailerNum, "letter-trailer"],
    ["Helper", view.helperName, "letter-helper"],
    ["Service", view.serviceRemarks, "letter-service"],
  ];

  return (
    <div className="lading-public-page lading-letter-page" data-testid="letter-page">
      <div className="lading-letter-actions lading-no-print">{actions}</div>
      <article className="lading-letter" data-testid="letter">
        <header className="lading-letter-head">
          <span className="lading-letter-brand">
            <LogoMark size={34} />
            <span>
              <strong>Lading</strong>
              <span className="lading-letter-tagline">Sea freight and trucking</span>
            </span>
          </span>
          <span data-testid="letter-date">{dated}</span>
        </header>
        <h2 className="lading-letter-title" data-testid="letter-title">{title}</h2>
        <div className="lading-letter-body" data-testid="letter-body">{children}</div>
        <table className="lading-letter-details">
          <tbody>
            {rows.filter(([, value]) => value).map(([label, value, testId]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td data-testid={testId}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <footer className="lading-letter-sign">
          <div className="lading-letter-sign-line">For Lading, booking and dispatch</div>
        </footer>
      </article>
    </div>
  );
}
