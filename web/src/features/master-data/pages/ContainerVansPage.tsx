import { HTMLSelect } from "@blueprintjs/core";
import { Lock, Unlock } from "@blueprintjs/icons";
import { containerVanContract } from "../../../../../api/modules/master-data/schemas.ts";
import { CONTAINER_VAN_CONDITIONS } from "../../../../../api/shared/reference-lists.ts";
import type { EntityRow } from "../api/entities.ts";
import { setVanCondition, setVanUsed } from "../api/records.ts";
import { RowAction } from "../../../components/list-cells.tsx";
import { EntityList } from "../components/EntityList.tsx";

type VanRow = EntityRow & { code: string; condition: string; isUsed?: boolean };

/** The van list, with each van's condition and its taken/free flag changed right in its row. */
export default function ContainerVansPage() {
  return (
    <EntityList
      contract={containerVanContract}
      title="Container vans"
      idPrefix="container-van"
      rowActions={(entity, busy, run) => {
        const row = entity as VanRow;
        return (
          <>
            <HTMLSelect
              minimal
              value={row.condition}
              disabled={busy}
              aria-label={`Condition of van ${row.code}`}
              data-testid={`container-van-condition-${row.code}`}
              options={CONTAINER_VAN_CONDITIONS.map((c) => ({ value: c, label: c }))}
              onChange={(event) => {
                const condition = event.currentTarget.value;
                if (condition !== row.condition) run(() => setVanCondition(row.id, condition));
              }}
            />
            <RowAction
              label={row.isUsed ? "Mark free" : "Mark used"}
              icon={row.isUsed ? <Unlock /> : <Lock />}
              hint={row.isUsed ? `Van ${row.code} is taken; mark it free` : `Van ${row.code} is free; mark it taken`}
              disabled={busy}
              loading={busy}
              onClick={() => run(() => setVanUsed(row.id, !row.isUsed))}
              data-testid={`container-van-used-${row.code}`}
            />
          </>
        );
      }}
    />
  );
}
