import { Button, Callout, Card, H5, Tag } from "@blueprintjs/core";
import { Add, Cross, Trash } from "@blueprintjs/icons";
import { useState } from "react";
import { focusGridSlot, StowageGrid } from "../../../components/StowageGrid.tsx";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type CountedVanRow, moveVan, placeVan, removePlacement, type StowagePlanView } from "../api/stowage.ts";
import { CargoLocationDialog } from "./CargoLocationDialog.tsx";

const GRID = "stowage-plan-grid";

/** The id of a van's button in the list beside the grid. */
const vanButtonId = (van: string) => `stowage-van-${van}`;

/**
 * The voyage's grid with the counted vans beside it. A van is picked in the list (or by its slot on the grid),
 * then put in a slot: with the mouse by a click, with the keyboard by the arrow keys and Enter. Enter or a click
 * on a slot holding a van picks that van to move it; Delete takes the van out of its slot. Every change goes
 * to the server with the plan's dateModified as read and the plan it answers replaces this one; a refused
 * change reads the plan again.
 */
export function StowageBoard({ view, onChanged, onReload }: { view: StowagePlanView; onChanged: (next: StowagePlanView) => void; onReload: () => void }) {
  const plan = view.plan!;
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);

  const inSlot = new Map(view.placements.filter((p) => p.row !== null).map((p) => [`${p.row}/${p.column}`, p]));
  const holderOf = (index: number) => {
    const slot = plan.slots[index];
    return slot ? inSlot.get(`${slot.row}/${slot.column}`) : undefined;
  };
  const waiting = view.vans.filter((v) => v.placementId === null);
  const placed = view.placements.filter((p) => p.row !== null);
  const located = view.placements.filter((p) => p.row === null);
  const pickedVan = view.vans.find((v) => v.containerVanNum === picked) ?? null;
  const pickedSlot = pickedVan ? plan.slots.findIndex((_, i) => holderOf(i)?.containerVanNum === pickedVan.containerVanNum) : -1;

  /** Runs one change; answers the plan the server sent back, or null when it refused (the plan is read again). */
  const change = async (work: () => Promise<{ data: StowagePlanView; message: string }>): Promise<StowagePlanView | null> => {
    setBusy(true);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
      onChanged(result.data);
      return result.data;
    } catch (error) {
      notify.error(errorText(error));
      onReload();
      return null;
    } finally {
      setBusy(false);
    }
  };

  const pick = (van: CountedVanRow) => {
    setPicked(van.containerVanNum);
    // Straight to the grid: the first free slot, or the van's own when it is placed.
    const own = plan.slots.findIndex((s) => inSlot.get(`${s.row}/${s.column}`)?.containerVanNum === van.containerVanNum);
    const free = plan.slots.findIndex((s) => !inSlot.has(`${s.row}/${s.column}`));
    const target = own >= 0 ? own : free;
    if (target >= 0) focusGridSlot(GRID, target);
  };

  const onSlot = async (index: number) => {
    if (busy) return;
    const slot = plan.slots[index];
    const holder = holderOf(index);
    if (!pickedVan) {
      if (holder) {
        setPicked(holder.containerVanNum);
        notify.info(`Van ${holder.containerVanNum} picked: choose the slot to move it to.`);
      } else {
        notify.warning("Pick a van from the list first, then its slot.");
      }
      return;
    }
    if (holder?.containerVanNum === pickedVan.containerVanNum) {
      setPicked(null);
      return;
    }
    const input = { dateModified: plan.dateModified, containerVanNum: pickedVan.containerVanNum, row: slot.row, column: slot.column };
    const next = await change(() => (pickedVan.placementId === null ? placeVan(view.voyageNum, input) : moveVan(view.voyageNum, input)));
    if (!next) return;
    setPicked(null);
    // The next van waiting takes the focus, so the clerk goes on from the keyboard.
    const following = next.vans.find((v) => v.placementId === null);
    if (following) setTimeout(() => document.getElementById(vanButtonId(following.containerVanNum))?.focus());
    else focusGridSlot(GRID, index);
  };

  const onDeleteSlot = async (index: number) => {
    const holder = holderOf(index);
    if (!holder || busy) return;
    const next = await change(() => removePlacement(view.voyageNum, plan.dateModified, holder.id));
    if (next) {
      setPicked(null);
      focusGridSlot(GRID, index);
    }
  };

  const removeLocation = (id: number) => void change(() => removePlacement(view.voyageNum, plan.dateModified, id));

  return (
    <div className="lading-stowage-board">
      <Card className="lading-stowage-grid-card">
        <p className="lading-stowage-hint" id="stowage-keys">
          Pick a van, then its slot. On the grid the arrow keys move between slots, Enter puts the picked van in the slot (or picks the van
          already there to move it), Delete takes the van out.
        </p>
        {pickedVan && (
          <Callout compact intent="primary" style={{ marginBottom: 10 }} data-testid="stowage-picked">
            {`Van ${pickedVan.containerVanNum} picked${pickedVan.placementId === null ? "" : " to move"}: choose its slot.`}
            <Button variant="minimal" size="small" icon={<Cross />} aria-label="Let go of the van" onClick={() => setPicked(null)} />
          </Callout>
        )}
        <div aria-describedby="stowage-keys">
          <StowageGrid
            rows={plan.rows}
            columns={plan.columns}
            slots={plan.slots}
            selected={pickedSlot >= 0 ? pickedSlot : null}
            // A click beside the slots, or Escape, lets go of the picked van.
            onSelect={(index) => (index === null ? setPicked(null) : void onSlot(index))}
            onDelete={(index) => void onDeleteSlot(index)}
            contents={(_, index) => holderOf(index)?.containerVanNum}
            cellSize={50}
            testId={GRID}
          />
        </div>
      </Card>

      <Card className="lading-stowage-vans" data-testid="stowage-vans">
        <H5>{`Waiting for a slot (${waiting.length})`}</H5>
        {waiting.length === 0 && <p className="lading-stowage-hint">{view.vans.length === 0 ? "No van is counted on the loading tally sheets yet." : "Every counted van is on the plan."}</p>}
        <ul className="lading-stowage-van-list">
          {waiting.map((van) => (
            <li key={van.containerVanNum}>
              <Button id={vanButtonId(van.containerVanNum)} variant={picked === van.containerVanNum ? "solid" : "outlined"}
                intent={picked === van.containerVanNum ? "primary" : "none"} onClick={() => pick(van)} disabled={busy}
                aria-pressed={picked === van.containerVanNum} data-testid={vanButtonId(van.containerVanNum)}
                text={`${van.containerVanNum}${van.wayBillRef ? ` · ${van.wayBillRef}` : ""}${van.containerType === "FL" ? "" : " · empty"}`} />
            </li>
          ))}
        </ul>
        <H5>{`Placed (${placed.length})`}</H5>
        <ul className="lading-stowage-van-list">
          {placed.map((p) => (
            <li key={p.id} data-testid={`stowage-placed-${p.containerVanNum}`}>
              {`${p.containerVanNum} in ${p.position}`}
              {!p.counted && <Tag minimal intent="warning" style={{ marginLeft: 6 }}>no longer on the tally</Tag>}
            </li>
          ))}
        </ul>
        <H5>{`Cargo locations (${located.length})`}</H5>
        <ul className="lading-stowage-van-list">
          {located.map((p) => (
            <li key={p.id} data-testid={`stowage-location-${p.id}`}>
              {`${p.containerVanNum || p.wayBillRef}: ${p.cargoLocation}`}
              <Button variant="minimal" size="small" icon={<Trash />} intent="danger" aria-label={`Take ${p.containerVanNum || p.wayBillRef} off the plan`}
                disabled={busy} onClick={() => removeLocation(p.id)} />
            </li>
          ))}
        </ul>
        <Button icon={<Add />} text="Record a cargo location" onClick={() => setLocating(true)} disabled={busy} data-testid="stowage-add-location" />
      </Card>

      <CargoLocationDialog
        isOpen={locating}
        view={view}
        onClose={() => setLocating(false)}
        onSaved={(next) => {
          setLocating(false);
          onChanged(next);
        }}
      />
    </div>
  );
}
