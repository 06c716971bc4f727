import { Button, HTMLSelect } from "@blueprintjs/core";
import { useState } from "react";
import { containerVanContract } from "../../../../../api/modules/master-data/schemas.ts";
import { CONTAINER_VAN_CONDITIONS } from "../../../../../api/modules/master-data/reference-lists.ts";
import { api } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { EntityRow } from "../api/entities.ts";
import { EntityList } from "../components/EntityList.tsx";

type VanRow = EntityRow & { code: string; condition: string; isUsed?: boolean };

export default function ContainerVansPage() {
  const [pendingId, setPendingId] = useState<number | null>(null);
  // The shared list offers no reload to row buttons, so a change remounts it to show the stored values.
  const [version, setVersion] = useState(0);

  const run = async (row: VanRow, work: () => Promise<{ message: string }>) => {
    setPendingId(row.id);
    try {
      const result = await work();
      notify.success(result.message);
      setVersion((v) => v + 1);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setPendingId(null);
    }
  };

  const toggleUsed = (row: VanRow) =>
    run(row, () => api.put<{ message: string }>("/ContainerVans/updateCvIsUsed", [row.id], { query: { isUsed: !row.isUsed } }));

  const changeCondition = (row: VanRow, condition: string) =>
    run(row, () => api.post<{ message: string }>("/ContainerVans/updateStatus", { id: row.id, condition }));

  return (
    <EntityList
      key={version}
      contract={containerVanContract}
      title="Container vans"
      idPrefix="container-van"
      actionsWidth={470}
      rowActions={(entity, busy) => {
        const row = entity as VanRow;
        const disabled = busy || pendingId === row.id;
        return (
          <>
            <HTMLSelect
              minimal
              value={row.condition}
              disabled={disabled}
              aria-label={`Condition of van ${row.code}`}
              data-testid={`container-van-condition-${row.code}`}
              options={CONTAINER_VAN_CONDITIONS.map((c) => ({ value: c, label: c }))}
              onChange={(event) => {
                if (event.currentTarget.value !== row.condition) void changeCondition(row, event.currentTarget.value);
              }}
            />
            <Button
              text={row.isUsed ? "Mark free" : "Mark used"}
              title={row.isUsed ? `Van ${row.code} is taken; mark it free` : `Van ${row.code} is free; mark it taken`}
              disabled={disabled}
              loading={pendingId === row.id}
              onClick={() => void toggleUsed(row)}
              data-testid={`container-van-used-${row.code}`}
            />
          </>
        );
      }}
    />
  );
}
