// The yardstick for bundle size: the least a Blueprint page with a button and a table can ship.
import "@blueprintjs/core/lib/css/blueprint.css";
import "@blueprintjs/table/lib/css/table.css";
import { Button, HotkeysProvider } from "@blueprintjs/core";
import { Cell, Column, Table } from "@blueprintjs/table";
import { createRoot } from "react-dom/client";

const rows = ["MNLN", "CEB", "DVO"];

createRoot(document.getElementById("root")!).render(
  <HotkeysProvider>
    <Button text="Button" />
    <Table numRows={rows.length}>
      <Column name="Code" cellRenderer={(row) => <Cell>{rows[row]}</Cell>} />
    </Table>
  </HotkeysProvider>,
);
