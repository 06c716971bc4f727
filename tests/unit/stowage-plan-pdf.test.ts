import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import {
  buildStowagePlanPdf,
  gridLayout,
  slotBox,
  STOWAGE_PLAN_NAME,
  type StowageDocumentSlot,
  type StowagePlanDocument,
} from "../../templates/documents/stowage-plan.ts";
import { normaliseOcr, readRegion, type RenderedPdf, renderPdf } from "../support/pdf-image.ts";

/**
 * The printed stowage plan read back from its page image: the heading, each slot's box holding its position and
 * the number of the van placed in it (and nothing else for a free slot), then the cargo at locations in words.
 */

/** A bay of three tiers by six rows; the lowest tier carries 40-foot vans, two cells wide. */
function bay(): StowageDocumentSlot[] {
  const slots: StowageDocumentSlot[] = [];
  for (let row = 1; row <= 3; row++) {
    const width = row === 3 ? 2 : 1;
    for (let column = 1; column + width - 1 <= 6; column += width) {
      slots.push({ row, column, width, height: 1, position: `01${String(column).padStart(2, "0")}${86 - 2 * row}`, containerVanNum: "" });
    }
  }
  return slots;
}

const slots = bay();
const put = (position: string, van: string) => (slots.find((s) => s.position === position)!.containerVanNum = van);
put("010184", "LDGU2010020");
put("010682", "LDGU2010035");
put("010580", "LDGU4010013");

const view: StowagePlanDocument = {
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "DEMO-OPEN",
  vesselName: "MV Lading Pioneer",
  originBranchName: "Manila",
  estimatedTimeDeparture: "2026-03-09T02:00:00.000Z",
  finalTallyAt: "2026-03-08T09:30:00.000Z",
  planName: "Bay 01 standard",
  rows: 3,
  columns: 6,
  slots,
  locations: [
    { containerVanNum: "LDGU2010061", wayBillRef: "WB-MNL-2026-000007", cargoLocation: "Lashed on deck, aft of hatch 2" },
    { containerVanNum: "", wayBillRef: "WB-MNL-2026-000009", cargoLocation: "Hold 2, port side" },
  ],
  generatedAt: new Date("2026-03-09T03:00:00Z"),
  copy: false,
};

const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");

describe("stowage plan file", () => {
  it("is named after the voyage", async () => {
    expect(STOWAGE_PLAN_NAME("VOY-MNL-2026-000003")).toBe("Stowage_VOY-MNL-2026-000003.pdf");
    const file = await buildInProcess("stowagePlan", view);
    expect([file.fileName, file.contentType]).toEqual(["Stowage_VOY-MNL-2026-000003.pdf", "application/pdf"]);
  });
});

describe("stowage plan read back from its page image", () => {
  const bytes = buildStowagePlanPdf(view);
  let pdf: RenderedPdf;
  beforeAll(async () => {
    pdf = await renderPdf(bytes, { pageSegmentation: 4 });
  }, 60_000);

  it("is one A4 landscape page headed with the voyage, the vessel, the dates and the plan", () => {
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0].width / pdf.pages[0].height).toBeCloseTo(297 / 210, 2);
    const text = squeeze(pdf.pages[0].text ?? "");
    for (const expected of [
      "stowageplan",
      "voyage:voy-mnl-2026-000003(demo-open)vessel:mvladingpioneerorigin:manila",
      // 02:00 and 09:30 UTC are 10:00 and 17:30 in Manila.
      "etd:mar9,2026,10:00amfinaltally:mar8,2026,5:30pm",
      "plan:bay01standard",
      "3of15slotsholdavan.",
    ]) expect(text).toContain(expected);
  });

  it("prints each van in its slot's box and leaves the free slots with their position alone", async () => {
    const layout = gridLayout(view);
    const inBox = async (position: string) => squeeze(await readRegion(bytes, 1, slotBox(layout, slots.find((s) => s.position === position)!)));
    expect(await inBox("010184")).toBe("010184ldgu2010020");
    expect(await inBox("010682")).toBe("010682ldgu2010035");
    // The 40-foot slot spans columns 5 and 6 of the lowest tier.
    expect(await inBox("010580")).toBe("010580ldgu4010013");
    expect(await inBox("010284")).toBe("010284");
    expect(await inBox("010180")).toBe("010180");
  }, 30_000);

  it("lists the cargo stowed at locations after the grid", () => {
    const text = squeeze(pdf.pages[0].text ?? "");
    expect(text).toContain("cargolocations");
    expect(text).toContain("1ldgu2010061wb-mnl-2026-000007lashedondeck,aftofhatch2");
    expect(text).toContain("2-wb-mnl-2026-000009hold2,portside");
  });
});
