import { Callout, HTMLSelect } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { recordCargoLocation, type StowagePlanView } from "../api/stowage.ts";

/**
 * Records where cargo without a slot is, in words: a counted van that fits no slot (on deck, in a hold), or the
 * cargo of a waybill that travels without a van.
 */
export function CargoLocationDialog(props: { isOpen: boolean; view: StowagePlanView; onClose: () => void; onSaved: (next: StowagePlanView) => void }) {
  const { isOpen, view, onClose, onSaved } = props;
  const [van, setVan] = useState("");
  const [wayBillRef, setWayBillRef] = useState("");
  const [location, setLocation] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();
  const waiting = view.vans.filter((v) => v.placementId === null);

  useEffect(() => {
    if (!isOpen) return;
    setVan("");
    setWayBillRef("");
    setLocation("");
    setErrors({});
    setRefusal(null);
  }, [isOpen]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    void save(
      () =>
        recordCargoLocation(view.voyageNum, { dateModified: view.plan!.dateModified, containerVanNum: van, wayBillRef, cargoLocation: location }).catch((e) => {
          setRefusal(serverMessage(e));
          throw e;
        }),
      { onSaved: (result) => onSaved(result.data), onFieldErrors: setErrors },
    );
  };

  return (
    <FormDialog isOpen={isOpen} title="Record a cargo location" saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="stowage-location-form" saveTestId="stowage-location-save">
      {refusal && <Callout intent="danger" compact style={{ marginBottom: 12 }}>{refusal}</Callout>}
      <FormField label="Van" id="stowage-location-van" error={errors.containerVanNum} helper="A counted van not in a slot; leave it out for cargo without a van.">
        <HTMLSelect id="stowage-location-van" value={van} onChange={(e) => setVan(e.currentTarget.value)} data-testid="stowage-location-van" fill>
          <option value="">No van</option>
          {waiting.map((v) => <option key={v.containerVanNum} value={v.containerVanNum}>{v.containerVanNum}</option>)}
        </HTMLSelect>
      </FormField>
      <TextField label="Waybill" id="stowage-location-waybill" value={wayBillRef} maxLength={40} error={errors.wayBillRef}
        helper="For cargo without a van: the waybill it travels on." onValueChange={setWayBillRef} data-testid="stowage-location-waybill" />
      <TextField label="Location" id="stowage-location-words" required value={location} maxLength={200} error={errors.cargoLocation}
        placeholder="Hold 2, port side" onValueChange={setLocation} data-testid="stowage-location-words" />
    </FormDialog>
  );
}
