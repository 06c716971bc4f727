import { HTMLSelect, HTMLTable, InputGroup, SegmentedControl, TextArea } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { createSounding, LIQUIDS, type ScheduleRow, SOUNDING_TYPES, type SoundingDraft, type SoundingRow, soundingsOfVoyage, voyagesOfVessel } from "./api.ts";
import { MANILA_UTC_OFFSET, manilaDate, manilaDateTime, manilaTimestamp } from "../../../../../api/shared/dates.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";

/**
 * Records a tank sounding of one of the vessel's voyages: a departure sounding at the origin or a port of call,
 * an arrival sounding at a port of call. The server holds the rules (one of each per port, the port must be on
 * the voyage); its field errors come back under the fields they name.
 */

type SoundingType = (typeof SOUNDING_TYPES)[number];
type Liquid = (typeof LIQUIDS)[number]["key"];

interface Form {
  voyageNum: string;
  soundingType: SoundingType;
  branchCode: string;
  /** Manila wall clock, as the datetime-local input holds it. */
  takenAt: string;
  volumes: Record<Liquid, string>;
  remarks: string;
}

const FIELD_ORDER = ["voyageNum", "soundingType", "branchCode", "takenAt", ...LIQUIDS.map((l) => l.key), "remarks"];

const blankVolumes = (): Record<Liquid, string> => ({ fuelOil: "", dieselOil: "", lubeOil: "", freshWater: "" });

/** Where a sounding of this type may be taken on the voyage: the origin and the calls, or only the calls. */
function portsOf(voyage: ScheduleRow | undefined, type: SoundingType): { code: string; name: string }[] {
  if (!voyage) return [];
  const calls = voyage.destinations.map((d) => ({ code: d.destinationBranchCode, name: d.destinationBranchName }));
  return type === "Departure" ? [{ code: voyage.originBranchCode, name: voyage.originBranchName }, ...calls] : calls;
}

/** The port a new sounding most likely belongs to: leaving the origin, or arriving at the last call. */
const likelyPort = (voyage: ScheduleRow | undefined, type: SoundingType) => {
  const ports = portsOf(voyage, type);
  return (type === "Departure" ? ports[0] : ports.at(-1))?.code ?? "";
};

export function RecordSoundingDialog(
  { isOpen, vesselCode, vesselName, preferMonth, onClose, onSaved }: {
    isOpen: boolean;
    vesselCode: string;
    vesselName: string;
    /** "YYYY-MM" of the report on screen: its latest voyage is offered first. */
    preferMonth: string;
    onClose: () => void;
    onSaved: () => void;
  },
) {
  const [form, setForm] = useState<Form>({ voyageNum: "", soundingType: "Departure", branchCode: "", takenAt: manilaDateTime(new Date()), volumes: blankVolumes(), remarks: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();

  // Each opening starts a fresh form on the vessel's voyages as they are now.
  const opening = useOpenings(isOpen);
  const vesselVoyages = useRecord(
    !isOpen || opening === null ? null : JSON.stringify([opening, vesselCode, preferMonth]),
    () => voyagesOfVessel(vesselCode).then((r) => r.data),
    {
      keepStale: false,
      onAnswer: (data) => {
        const first = data.find((v) => manilaDate(v.estimatedTimeDeparture).startsWith(preferMonth)) ?? data[0];
        setForm({ voyageNum: first?.voyageNum ?? "", soundingType: "Departure", branchCode: likelyPort(first, "Departure"), takenAt: manilaDateTime(new Date()), volumes: blankVolumes(), remarks: "" });
      },
    },
  );
  // A failed read offers no voyage, with the notice.
  const voyages: ScheduleRow[] | null = vesselVoyages.error !== null ? [] : vesselVoyages.data;
  useEffect(() => {
    if (isOpen) setErrors({});
  }, [isOpen, vesselCode, preferMonth]);

  const voyage = useMemo(() => voyages?.find((v) => v.voyageNum === form.voyageNum), [voyages, form.voyageNum]);
  const ports = portsOf(voyage, form.soundingType);

  // What is already on record for the voyage, so nobody types a sounding twice; a failed read shows nothing.
  const onRecord = useRecord(isOpen && form.voyageNum ? form.voyageNum : null, (num) => soundingsOfVoyage(num).then((r) => r.data), {
    keepStale: false,
    quiet: () => true,
  });
  const recorded: SoundingRow[] = onRecord.data ?? [];

  const change = (patch: Partial<Form>, fields: string[]) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };
  const pickVoyage = (voyageNum: string) => {
    const next = voyages?.find((v) => v.voyageNum === voyageNum);
    change({ voyageNum, branchCode: likelyPort(next, form.soundingType) }, ["voyageNum", "branchCode"]);
  };
  const pickType = (soundingType: SoundingType) => change({ soundingType, branchCode: likelyPort(voyage, soundingType) }, ["soundingType", "branchCode"]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const draft: SoundingDraft = {
      voyageNum: form.voyageNum,
      soundingType: form.soundingType,
      branchCode: form.branchCode,
      // An empty clock is sent as such, so the server names the field rather than a made-up moment.
      takenAt: form.takenAt ? `${form.takenAt}:00${MANILA_UTC_OFFSET}` : "",
      ...form.volumes,
      remarks: form.remarks,
    };
    void save(() => createSounding(draft), {
      onSaved: () => {
        onSaved();
        onClose();
      },
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors);
        // Back to the first field the server refused, in the form's order (type is a choice, not an input).
        const first = FIELD_ORDER.find((f) => f in fieldErrors && f !== "soundingType");
        if (first) focusSoon(`sounding-${first}`);
      },
    });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`Record sounding · ${vesselName || vesselCode}`}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      formTestId="sounding-form"
      saveTestId="sounding-save"
      saveDisabled={voyages === null || voyages.length === 0}
    >
      <FormField label="Voyage" id="sounding-voyageNum" required error={errors.voyageNum}
        helper={voyages?.length === 0 ? `${vesselCode} has no active voyage to record against.` : undefined}>
        <HTMLSelect id="sounding-voyageNum" fill value={form.voyageNum} disabled={!voyages?.length} onChange={(e) => pickVoyage(e.currentTarget.value)}>
          {voyages === null && <option value="">Loading voyages…</option>}
          {voyages?.map((v) => (
            <option key={v.voyageNum} value={v.voyageNum}>{v.voyageNum} · {v.voyageRef} · ETD {manilaDate(v.estimatedTimeDeparture)}</option>
          ))}
        </HTMLSelect>
      </FormField>
      <FormField label="Type" required error={errors.soundingType}>
        <SegmentedControl
          options={SOUNDING_TYPES.map((t) => ({ label: t, value: t }))}
          value={form.soundingType}
          onValueChange={(t) => pickType(t as SoundingType)}
          aria-label="Sounding type"
          data-testid="sounding-type"
        />
      </FormField>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 10 }}>
        <FormField label="Port" id="sounding-branchCode" required error={errors.branchCode}
          helper={form.soundingType === "Departure" ? "The origin or a port of call" : "A port of call"}>
          <HTMLSelect id="sounding-branchCode" fill value={form.branchCode} onChange={(e) => change({ branchCode: e.currentTarget.value }, ["branchCode"])}>
            {ports.length === 0 && <option value="">—</option>}
            {ports.map((p) => <option key={p.code} value={p.code}>{p.code}{p.name ? ` · ${p.name}` : ""}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Taken at (Manila)" id="sounding-takenAt" required error={errors.takenAt}>
          <InputGroup id="sounding-takenAt" type="datetime-local" value={form.takenAt} intent={errors.takenAt ? "danger" : "none"}
            onValueChange={(takenAt) => change({ takenAt }, ["takenAt"])} />
        </FormField>
      </div>
      <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", columnGap: 10 }}>
        {LIQUIDS.map((l) => (
          <TextField
            key={l.key}
            label={`${l.label} (litres)`}
            id={`sounding-${l.key}`}
            required
            inputMode="decimal"
            placeholder="0.00"
            error={errors[l.key]}
            value={form.volumes[l.key]}
            onValueChange={(v) => change({ volumes: { ...form.volumes, [l.key]: v } }, [l.key])}
          />
        ))}
      </div>
      <FormField label="Remarks" id="sounding-remarks" error={errors.remarks}>
        <TextArea id="sounding-remarks" fill rows={2} value={form.remarks} intent={errors.remarks ? "danger" : "none"}
          onChange={(e) => change({ remarks: e.currentTarget.value }, ["remarks"])} />
      </FormField>
      {recorded.length > 0 && (
        <div data-testid="sounding-recorded">
          <div style={{ color: "var(--lading-muted)", marginBottom: 4 }}>Already recorded on {form.voyageNum}</div>
          <HTMLTable compact striped style={{ width: "100%", fontSize: 12 }}>
            <thead>
              <tr><th>Type</th><th>Port</th><th>Taken at</th>{LIQUIDS.map((l) => <th key={l.key} style={{ textAlign: "right" }}>{l.short}</th>)}</tr>
            </thead>
            <tbody>
              {recorded.map((s) => (
                <tr key={s.id}>
                  <td>{s.soundingType}</td>
                  <td>{s.branchCode}</td>
                  <td style={{ whiteSpace: "nowrap" }}>{manilaTimestamp(s.takenAt)}</td>
                  {LIQUIDS.map((l) => <td key={l.key} style={{ textAlign: "right" }}>{s[l.key]}</td>)}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </FormDialog>
  );
}
