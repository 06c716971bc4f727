import { FormGroup, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext, Spinner } from "@blueprintjs/core";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import {
  type AddressValue,
  cachedBarangays,
  cachedCities,
  cachedProvinces,
  type CityOption,
  fetchZipCode,
  isZipCode,
} from "../lib/addresses.ts";
import { useRecord } from "../lib/data/load.ts";

/** Case- and accent-insensitive form, so "las pinas" finds "Las Piñas City". */
const fold = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

/** The list entry a typed text names exactly (any case or accents), if any. */
const exactOption = (options: readonly string[], text: string) => options.find((o) => fold(o) === fold(text));

/** Past this many suggestions the menu asks for more letters instead of drawing them all. */
const SHOWN = 80;

interface SuggestFieldProps {
  testId: string;
  label: string;
  value: string;
  options: readonly string[];
  disabled?: boolean;
  loading?: boolean;
  placeholder?: string;
  onType: (text: string) => void;
  onPick: (option: string) => void;
}

/** A text input that suggests names from a list; free text stays allowed for places the list lacks. */
function SuggestField({ testId, label, value, options, disabled, loading, placeholder, onType, onPick }: SuggestFieldProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    // Once a listed name is chosen, reopening shows the whole list rather than that one name.
    if (exactOption(options, value)) return options;
    const key = fold(value);
    return key ? options.filter((o) => fold(o).includes(key)) : options;
  }, [options, value]);
  const shown = matches.slice(0, SHOWN);

  const choose = (option: string) => {
    onPick(option);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (shown.length ? (i + step + shown.length) % shown.length : 0));
    } else if (event.key === "Enter" && open && shown[active]) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === "Escape" || event.key === "Tab") {
      setOpen(false);
    }
  };

  const onBlur = () => {
    setOpen(false);
    // A name typed in full takes the list's spelling, as if picked.
    const exact = exactOption(options, value);
    if (exact && exact !== value) onPick(exact);
  };

  const menu = (
    <Menu data-testid={`${testId}-options`} style={{ maxHeight: 280, overflowY: "auto" }}>
      {shown.map((option, i) => (
        <MenuItem
          key={option}
          text={option}
          active={i === active}
          data-testid={`${testId}-option`}
          // Keep the input focused so its blur does not close the menu before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(option)}
        />
      ))}
      {matches.length > shown.length && (
        <>
          <MenuDivider />
          <MenuItem disabled text={`${matches.length - shown.length} more: type more of the name`} />
        </>
      )}
    </Menu>
  );

  return (
    <FormGroup label={label} labelFor={testId} style={{ marginBottom: 10 }}>
      <PopoverNext
        isOpen={open && !disabled && shown.length > 0}
        content={menu}
        placement="bottom-start"
        arrow={false}
        autoFocus={false}
        enforceFocus={false}
        matchTargetWidth
        fill
        onInteraction={(next, event) => {
          if (!next && !(event && inputRef.current?.contains(event.target as Node))) setOpen(false);
        }}
      >
        <InputGroup
          id={testId}
          inputRef={inputRef}
          data-testid={testId}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="off"
          rightElement={loading ? <Spinner size={16} style={{ margin: 7 }} /> : undefined}
          onFocus={() => {
            setActive(0);
            setOpen(true);
          }}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            onType(event.target.value);
            setActive(0);
            setOpen(true);
          }}
        />
      </PopoverNext>
    </FormGroup>
  );
}

export interface AddressPickerProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  /** Prefix of every data-testid and input id: `${idPrefix}-province`, `${idPrefix}-city`, ... */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * The parts of a Philippine address: street (free text), province → city or municipality → barangay chosen
 * from the reference lists, and the zip, filled in when a city is chosen and editable.
 */
export function AddressPicker({ value, onChange, idPrefix, disabled }: AddressPickerProps) {
  // The lists only help: one that cannot be read leaves free typing, without a notice.
  const quiet = { keepStale: false, quiet: () => true };
  // The zip answer arrives after a pick; it must extend the value as it is then, not as it was at the pick.
  const latest = useRef(value);
  latest.current = value;

  const provinces = useRecord("provinces", cachedProvinces, quiet).data ?? [];
  const province = exactOption(provinces, value.province);
  const cityList = useRecord(province ?? null, (p) => cachedCities(p), quiet);
  const cities: CityOption[] = cityList.data ?? [];
  const cityNames = useMemo(() => cities.map((c) => c.name), [cities]);
  const city = exactOption(cityNames, value.city);

  const barangayList = useRecord(province && city ? JSON.stringify([province, city]) : null, () => cachedBarangays(province!, city!), quiet);
  const barangays = barangayList.data ?? [];
  const loading = { cities: cityList.loading, barangays: barangayList.loading };

  const set = (patch: Partial<AddressValue>) => onChange({ ...latest.current, ...patch });

  const pickProvince = (name: string) => {
    if (fold(name) === fold(value.province)) return set({ province: name });
    set({ province: name, city: "", barangay: "", zipCode: "" });
  };

  const pickCity = (name: string) => {
    const known = cities.find((c) => c.name === name);
    // The same city in the list's spelling keeps its barangay; the zip is filled only when still empty.
    if (fold(name) === fold(value.city)) return set({ city: name, zipCode: value.zipCode || (known?.zipCode ?? "") });
    set({ city: name, barangay: "", zipCode: known?.zipCode ?? "" });
    if (known || !province) return;
    // A city the list did not load yet: ask the zip lookup, and fill only if nobody typed a zip meanwhile.
    fetchZipCode(province, name).then((zip) => {
      const now = latest.current;
      if (zip && now.city === name && now.zipCode === "") set({ zipCode: zip });
    }).catch(() => undefined);
  };

  const zipInvalid = value.zipCode !== "" && !isZipCode(value.zipCode);

  return (
    <div
      data-testid={`${idPrefix}-address`}
      style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", columnGap: 12 }}
    >
      <FormGroup label="Street" labelFor={`${idPrefix}-street`} style={{ marginBottom: 10, gridColumn: "1 / -1" }}>
        <InputGroup
          id={`${idPrefix}-street`}
          data-testid={`${idPrefix}-street`}
          value={value.street}
          disabled={disabled}
          placeholder="House no., street, building"
          onChange={(event) => set({ street: event.target.value })}
        />
      </FormGroup>
      <SuggestField
        testId={`${idPrefix}-province`}
        label="Province"
        value={value.province}
        options={provinces}
        disabled={disabled}
        placeholder="Province"
        onType={(text) => set({ province: text })}
        onPick={pickProvince}
      />
      <SuggestField
        testId={`${idPrefix}-city`}
        label="City / municipality"
        value={value.city}
        options={cityNames}
        disabled={disabled || value.province.trim() === ""}
        loading={loading.cities}
        placeholder={province ? "City or municipality" : "Choose a province first"}
        onType={(text) => set({ city: text })}
        onPick={pickCity}
      />
      <SuggestField
        testId={`${idPrefix}-barangay`}
        label="Barangay"
        value={value.barangay}
        options={barangays}
        disabled={disabled || value.city.trim() === ""}
        loading={loading.barangays}
        placeholder={city ? "Barangay" : "Choose a city first"}
        onType={(text) => set({ barangay: text })}
        onPick={(name) => set({ barangay: name })}
      />
      <FormGroup
        label="Zip code"
        labelFor={`${idPrefix}-zipCode`}
        style={{ marginBottom: 10 }}
        intent={zipInvalid ? "danger" : undefined}
        helperText={zipInvalid ? "A zip code has 4 digits" : undefined}
      >
        <InputGroup
          id={`${idPrefix}-zipCode`}
          data-testid={`${idPrefix}-zipCode`}
          value={value.zipCode}
          disabled={disabled}
          inputMode="numeric"
          maxLength={4}
          placeholder="0000"
          intent={zipInvalid ? "danger" : undefined}
          onChange={(event) => set({ zipCode: event.target.value.replace(/\D/g, "").slice(0, 4) })}
        />
      </FormGroup>
    </div>
  );
}
