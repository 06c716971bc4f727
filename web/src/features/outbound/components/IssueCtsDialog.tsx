import { Button, Callout, HTMLSelect, InputGroup, Switch, TextArea } from "@blueprintjs/core";
import { Add, Search, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { checkContainerNumber } from "../../../../../api/shared/container-numbers.ts";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import {
  type CtsCandidate,
  type CtsRow,
  DAMAGE_PARTS,
  DAMAGE_TYPES,
  DAMAGED,
  type DamagePart,
  type DamageType,
  type IssueCtsInput,
  TO_PARTIES,
  VAN_STATUSES,
  type VanStatus,
} from "../api/contracts.ts";
import { issueCts, loadAuthorizedTruckers, loadCtsCandidates, loadFreeVans, platesOf } from "../api/cts.ts";

type ToParty = (typeof TO_PARTIES)[number];

/** A row of the damage list while it is being filled: either half may still be unchosen. */
interface DamageDraft {
  vanPart: DamagePart | "";
  damageType: DamageType | "";
}

interface Draft {
  isShipperOwned: boolean;
  containerVanNum: string;
  numberOverrideReason: string;
  truckingCode: string;
  plateNum: string;
  driver: string;
  fromCyCode: string;
  toParty: ToParty;
  toName: string;
  vanStatus: VanStatus | "";
  damages: DamageDraft[];
  vanLocator: string;
  vanLocatorAmount: string;
  remarks: string;
}

const EMPTY: Draft = {
  isShipperOwned: false,
  containerVanNum: "",
  numberOverrideReason: "",
  truckingCode: "",
  plateNum: "",
  driver: "",
  fromCyCode: "",
  toParty: "Shipper",
  toName: "",
  vanStatus: "",
  damages: [],
  vanLocator: "",
  vanLocatorAmount: "",
  remarks: "",
};

type Errors = Record<string, string | undefined>;

/** The input ids, which the labels and the focus after a refusal point at. */
const ID = {
  bookingRef: "cts-issue-booking",
  containerVanNum: "cts-issue-van",
  numberOverrideReason: "cts-issue-override-reason",
  truckingCode: "cts-issue-trucker",
  plateNum: "cts-issue-plate",
  driver: "cts-issue-driver",
  fromCyCode: "cts-issue-from-cy",
  toName: "cts-issue-to-name",
  vanStatus: "cts-issue-van-status",
  vanLocatorAmount: "cts-issue-amount",
} as const;

/** Checks what the server would refuse outright, so the form can point at the field. */
function localErrors(booking: CtsCandidate | null, d: Draft): Errors {
  const e: Errors = {};
  if (!booking) e.bookingRef = "Choose the booking the van is for";
  if (!d.containerVanNum.trim()) e.containerVanNum = d.isShipperOwned ? "Type the shipper's container number" : "Choose the van that leaves the yard";
  if (!d.truckingCode) e.truckingCode = "Trucker is required";
  if (!d.plateNum.trim()) e.plateNum = "Plate number is required";
  if (!d.driver.trim()) e.driver = "Driver is required";
  if (d.isShipperOwned && !d.fromCyCode) e.fromCyCode = "Name the yard the shipper's van leaves";
  if (!d.vanStatus) e.vanStatus = "Van status is required";
  if (d.vanStatus === DAMAGED) {
    if (d.damages.length === 0) e.damages = "List the damaged parts of a damaged van";
    else if (d.damages.some((x) => !x.vanPart || !x.damageType)) e.damages = "Choose the part and the damage of every row";
  }
  if (d.vanLocatorAmount.trim() && !/^\d{1,12}(\.\d{1,2})?$/.test(d.vanLocatorAmount.trim())) {
    e.vanLocatorAmount = "An amount of at most 2 decimals, not negative";
  }
  return e;
}

/**
 * Issues a cargo transfer slip: the booking (one whose ATW is issued and whose van has not left), the van (one
 * of the branch's free empty vans, or the shipper's own by its number), the trucker authorised at the booking's
 * branch with the truck and driver, where the van goes, and the van's condition with its damages. A refusal of
 * the server is shown in the dialog as it was written.
 */
export function IssueCtsDialog(props: { isOpen: boolean; onClose: () => void; onIssued: (slip: CtsRow) => void }) {
  const { isOpen, onClose, onIssued } = props;
  const opening = useOpenings(isOpen);
  const [bookingSearch, setBookingSearch] = useState("");
  const [booking, setBooking] = useState<CtsCandidate | null>(null);
  const [vanSearch, setVanSearch] = useState("");
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [overrideAsked, setOverrideAsked] = useState(false);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setBookingSearch("");
    setBooking(null);
    setVanSearch("");
    setDraft(EMPTY);
    setErrors({});
    setRefusal(null);
    setOverrideAsked(false);
  }, [isOpen]);

  const branchCode = booking?.branchCode ?? null;
  const settledBookingSearch = useDebounced(bookingSearch.trim());
  const candidates = useRecord(
    isOpen && opening ? `${opening}:${settledBookingSearch}` : null,
    () => loadCtsCandidates(settledBookingSearch),
  );
  const settledVanSearch = useDebounced(vanSearch.trim());
  const vans = useRecord(
    isOpen && branchCode && !draft.isShipperOwned ? JSON.stringify([opening, branchCode, settledVanSearch]) : null,
    () => loadFreeVans(branchCode!, settledVanSearch),
  );
  const truckers = useRecord(isOpen && branchCode ? `${opening}:${branchCode}` : null, () => loadAuthorizedTruckers(branchCode!), {
    keepStale: false,
    // A trucker proposed from the booking stays only when the branch authorises it.
    onAnswer: (answer) => setDraft((d) => (answer.data.some((t) => t.code === d.truckingCode) ? d : { ...d, truckingCode: "" })),
  });
  const yards = usePicker("containerYards", { enabled: isOpen }).filter((y) => y.branchCode === branchCode);

  const offeredBookings = candidates.data?.data ?? [];
  const offeredVans = vans.data?.data ?? [];
  const authorized = truckers.data?.data ?? [];
  const plates = platesOf(authorized.find((t) => t.code === draft.truckingCode));
  const damaged = draft.vanStatus === DAMAGED;
  const defaultToName = booking ? (draft.toParty === "Shipper" ? booking.shipperName : booking.consigneeName) : "";

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) next[key] = undefined;
      return next;
    });
  };

  const chooseBooking = (bookingRef: string) => {
    const chosen = offeredBookings.find((b) => b.bookingRef === bookingRef) ?? null;
    setBooking(chosen);
    setVanSearch("");
    // The ATW named the trucker and truck that collect the van; they are proposed. The truckers of another
    // branch are read anew (and an unauthorised one dropped then); those of the same branch are at hand.
    const trucker = chosen?.truckingCode ?? "";
    const proposed = chosen && (chosen.branchCode !== branchCode || authorized.some((t) => t.code === trucker)) ? trucker : "";
    setDraft((d) => ({
      ...d, containerVanNum: d.isShipperOwned ? d.containerVanNum : "", fromCyCode: "",
      truckingCode: proposed, plateNum: chosen?.plateNum ?? "",
    }));
    setErrors({});
  };

  const chooseVan = (code: string) => {
    const van = offeredVans.find((v) => v.code === code);
    change({ containerVanNum: code, fromCyCode: van?.cyCode ?? "" });
  };

  const setDamage = (index: number, patch: Partial<DamageDraft>) => {
    setDraft((d) => ({ ...d, damages: d.damages.map((x, i) => (i === index ? { ...x, ...patch } : x)) }));
    setErrors((e) => ({ ...e, damages: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const local = localErrors(booking, draft);
    const first = Object.keys(local).find((k) => local[k]);
    if (first) {
      setErrors(local);
      if (first in ID) focusSoon(ID[first as keyof typeof ID]);
      return;
    }
    const input: IssueCtsInput = {
      bookingRef: booking!.bookingRef,
      isShipperOwned: draft.isShipperOwned,
      containerVanNum: draft.containerVanNum.trim(),
      numberOverrideReason: draft.isShipperOwned ? draft.numberOverrideReason.trim() : "",
      truckingCode: draft.truckingCode,
      plateNum: draft.plateNum.trim(),
      driver: draft.driver.trim(),
      fromCyCode: draft.fromCyCode || undefined,
      toParty: draft.toParty,
      toName: draft.toName.trim(),
      vanStatus: draft.vanStatus as VanStatus,
      damages: damaged ? draft.damages.map((x) => ({ vanPart: x.vanPart as DamagePart, damageType: x.damageType as DamageType })) : [],
      vanLocator: draft.vanLocator.trim(),
      vanLocatorAmount: draft.vanLocatorAmount.trim() || "0",
      remarks: draft.remarks.trim(),
    };
    await save(() =>
      issueCts(input).catch((error) => {
        setRefusal(serverMessage(error));
        throw error;
      }), {
      onSaved: (result) => onIssued(result.data),
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors);
        // A shipper's van whose number fails the ISO check may still go out, with the reason written down.
        if (fieldErrors.containerVanNum && draft.isShipperOwned && !checkContainerNumber(draft.containerVanNum).valid) {
          setOverrideAsked(true);
          focusSoon(ID.numberOverrideReason);
        }
      },
    });
  };

  return (
    <FormDialog isOpen={isOpen} title="Issue cargo transfer slip" saving={saving} onClose={onClose} onSubmit={(e) => void submit(e)}
      formTestId="cts-issue-form" saveTestId="cts-issue-save" className="lading-wide-form lading-full-controls">
      {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="cts-issue-error">{refusal}</Callout>}
      <div className="lading-form-grid">
        <FormField label="Find a booking" id="cts-issue-booking-search">
          <InputGroup id="cts-issue-booking-search" type="search" leftIcon={<Search />} placeholder="Booking ref, voyage, shipper or consignee"
            value={bookingSearch} onValueChange={setBookingSearch} data-testid="cts-issue-booking-search" />
        </FormField>
        <FormField label="Booking" id={ID.bookingRef} required error={errors.bookingRef}
          helper={!candidates.loading && offeredBookings.length === 0 ? candidates.data?.message ?? "No booking matches." : undefined}>
          <HTMLSelect id={ID.bookingRef} fill value={booking?.bookingRef ?? ""} onChange={(e) => chooseBooking(e.currentTarget.value)}
            data-testid="cts-issue-booking">
            <option value="">Choose a booking…</option>
            {booking && !offeredBookings.some((b) => b.bookingRef === booking.bookingRef) && (
              <option value={booking.bookingRef}>{booking.bookingRef} · {booking.shipperName}</option>
            )}
            {offeredBookings.map((b) => (
              <option key={b.bookingRef} value={b.bookingRef}>{b.bookingRef} · {b.shipperName} → {b.destinationBranchCode}</option>
            ))}
          </HTMLSelect>
        </FormField>
        {booking && (
          <p className="lading-cts-booking lading-form-wide-line" data-testid="cts-issue-booking-summary">
            Voyage {booking.voyageNum} · {booking.branchCode} → {booking.destinationBranchCode} · {booking.shipperName} to {booking.consigneeName}
            {booking.goods && ` · ${booking.goods}`} · {booking.quantityTeu} TEU
          </p>
        )}

        <FormField className="lading-form-wide-line">
          <Switch label="Shipper-owned container" checked={draft.isShipperOwned} disabled={!booking}
            onChange={(e) => change({ isShipperOwned: e.currentTarget.checked, containerVanNum: "", numberOverrideReason: "", fromCyCode: "" })}
            data-testid="cts-issue-shipper-owned" />
        </FormField>
        {draft.isShipperOwned
          ? (
            <>
              <TextField label="Container number" id={ID.containerVanNum} required maxLength={20} value={draft.containerVanNum}
                placeholder="e.g. CSQU3054383" error={errors.containerVanNum}
                onValueChange={(v) => change({ containerVanNum: v })} data-testid="cts-issue-container-num" />
              {(overrideAsked || draft.numberOverrideReason !== "") && (
                <TextField label="Reason to accept the number" id={ID.numberOverrideReason} maxLength={300} value={draft.numberOverrideReason}
                  error={errors.numberOverrideReason} helper="The number fails the ISO 6346 check; say why the van is accepted anyway."
                  onValueChange={(v) => change({ numberOverrideReason: v })} data-testid="cts-issue-override-reason" />
              )}
            </>
          )
          : (
            <>
              <FormField label="Find a van" id="cts-issue-van-search">
                <InputGroup id="cts-issue-van-search" type="search" leftIcon={<Search />} placeholder="Van number, yard or owner" disabled={!booking}
                  value={vanSearch} onValueChange={setVanSearch} data-testid="cts-issue-van-search" />
              </FormField>
              <FormField label="Container van" id={ID.containerVanNum} required error={errors.containerVanNum}
                helper={booking && !vans.loading && offeredVans.length === 0 ? "No free empty van at this branch's yards." : undefined}>
                <HTMLSelect id={ID.containerVanNum} fill value={draft.containerVanNum} disabled={!booking}
                  onChange={(e) => chooseVan(e.currentTarget.value)} data-testid="cts-issue-van">
                  <option value="">{booking ? "Choose a free van…" : "Choose the booking first"}</option>
                  {draft.containerVanNum && !offeredVans.some((v) => v.code === draft.containerVanNum) && (
                    <option value={draft.containerVanNum}>{draft.containerVanNum}</option>
                  )}
                  {offeredVans.map((v) => (
                    <option key={v.code} value={v.code}>{v.code} · {v.size}' {v.vanType} · {v.cyCode ?? "no yard"}</option>
                  ))}
                </HTMLSelect>
              </FormField>
            </>
          )}
        <FormField label="From container yard" id={ID.fromCyCode} required={draft.isShipperOwned} error={errors.fromCyCode}
          helper={draft.isShipperOwned ? undefined : "The van's own yard when left empty."}>
          <HTMLSelect id={ID.fromCyCode} fill value={draft.fromCyCode} disabled={!booking} onChange={(e) => change({ fromCyCode: e.currentTarget.value })}
            data-testid="cts-issue-from-cy">
            <option value="">{draft.isShipperOwned ? "Choose a yard…" : "The van's yard"}</option>
            {yards.map((y) => <option key={y.code} value={y.code}>{y.code} · {y.name}</option>)}
          </HTMLSelect>
        </FormField>

        <FormField label="Trucker" id={ID.truckingCode} required error={errors.truckingCode}>
          <HTMLSelect id={ID.truckingCode} fill value={draft.truckingCode} disabled={!booking}
            onChange={(e) => {
              const code = e.currentTarget.value;
              const offered = platesOf(authorized.find((t) => t.code === code));
              change({ truckingCode: code, plateNum: offered.includes(draft.plateNum) ? draft.plateNum : offered[0] ?? draft.plateNum });
            }}
            data-testid="cts-issue-trucker">
            <option value="">{booking ? "Choose a trucker…" : "Choose the booking first"}</option>
            {authorized.map((t) => <option key={t.code} value={t.code}>{t.code} · {t.name}</option>)}
          </HTMLSelect>
        </FormField>
        {booking && !truckers.loading && authorized.length === 0 && truckers.data?.message && (
          <Callout intent="warning" className="lading-form-wide-line" data-testid="cts-issue-trucker-message">{truckers.data.message}</Callout>
        )}
        <FormField label="Plate number" id={ID.plateNum} required error={errors.plateNum}
          helper={plates.length ? `${plates.length} plate${plates.length === 1 ? "" : "s"} on file` : undefined}>
          <InputGroup id={ID.plateNum} list="cts-issue-plate-options" maxLength={30} value={draft.plateNum}
            intent={errors.plateNum ? "danger" : "none"} onValueChange={(v) => change({ plateNum: v })} data-testid="cts-issue-plate" />
          <datalist id="cts-issue-plate-options">
            {plates.map((p) => <option key={p} value={p} />)}
          </datalist>
        </FormField>
        <TextField label="Driver" id={ID.driver} required maxLength={80} value={draft.driver} error={errors.driver}
          onValueChange={(v) => change({ driver: v })} data-testid="cts-issue-driver" />

        <FormField label="To" id="cts-issue-to-party" error={errors.toParty}>
          <HTMLSelect id="cts-issue-to-party" fill value={draft.toParty} onChange={(e) => change({ toParty: e.currentTarget.value as ToParty })}
            data-testid="cts-issue-to-party">
            {TO_PARTIES.map((p) => <option key={p} value={p}>{p}</option>)}
          </HTMLSelect>
        </FormField>
        <TextField label="Name" id={ID.toName} maxLength={120} value={draft.toName} error={errors.toName}
          placeholder={defaultToName} helper={defaultToName ? `Left empty: ${defaultToName}` : undefined}
          onValueChange={(v) => change({ toName: v })} data-testid="cts-issue-to-name" />

        <FormField label="Van status" id={ID.vanStatus} required error={errors.vanStatus}>
          <HTMLSelect id={ID.vanStatus} fill value={draft.vanStatus}
            onChange={(e) => {
              const status = e.currentTarget.value as VanStatus | "";
              // A damaged van starts with one row to fill in; any other status lists no damage.
              change({ vanStatus: status, damages: status === DAMAGED ? (draft.damages.length ? draft.damages : [{ vanPart: "", damageType: "" }]) : [] });
            }}
            data-testid="cts-issue-van-status">
            <option value="">Choose the van's status…</option>
            {VAN_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </HTMLSelect>
        </FormField>
        <TextField label="Van locator" id="cts-issue-locator" maxLength={80} value={draft.vanLocator} error={errors.vanLocator}
          onValueChange={(v) => change({ vanLocator: v })} data-testid="cts-issue-locator" />
        <TextField label="Van locator amount" id={ID.vanLocatorAmount} inputMode="decimal" maxLength={15} value={draft.vanLocatorAmount}
          placeholder="0.00" error={errors.vanLocatorAmount} onValueChange={(v) => change({ vanLocatorAmount: v })} data-testid="cts-issue-amount" />

        {damaged && (
          <FormFieldset legend="Damages" error={errors.damages}>
            <div className="lading-cts-damages" data-testid="cts-damages">
              {draft.damages.map((x, i) => (
                <div className="lading-cts-damage" key={i} data-testid={`cts-damage-${i}`}>
                  <HTMLSelect aria-label={`Damaged part ${i + 1}`} value={x.vanPart} onChange={(e) => setDamage(i, { vanPart: e.currentTarget.value as DamagePart })}
                    data-testid={`cts-damage-part-${i}`}>
                    <option value="">Part…</option>
                    {DAMAGE_PARTS.map((p) => <option key={p} value={p}>{p}</option>)}
                  </HTMLSelect>
                  <HTMLSelect aria-label={`Damage ${i + 1}`} value={x.damageType}
                    onChange={(e) => setDamage(i, { damageType: e.currentTarget.value as DamageType })} data-testid={`cts-damage-type-${i}`}>
                    <option value="">Damage…</option>
                    {DAMAGE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                  </HTMLSelect>
                  <Button variant="minimal" icon={<Trash />} aria-label={`Remove damage ${i + 1}`} title="Remove"
                    onClick={() => change({ damages: draft.damages.filter((_, j) => j !== i) })} data-testid={`cts-damage-remove-${i}`} />
                </div>
              ))}
              <Button className="lading-self-start" icon={<Add />} text="Add damage"
                onClick={() => change({ damages: [...draft.damages, { vanPart: "", damageType: "" }] })} data-testid="cts-damage-add" />
            </div>
          </FormFieldset>
        )}

        <FormField label="Remarks" id="cts-issue-remarks" error={errors.remarks} className="lading-form-wide-line">
          <TextArea id="cts-issue-remarks" fill rows={2} maxLength={500} value={draft.remarks} onChange={(e) => change({ remarks: e.currentTarget.value })}
            data-testid="cts-issue-remarks" />
        </FormField>
      </div>
    </FormDialog>
  );
}
