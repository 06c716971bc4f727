import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * A hustling clicked through the built app (issue 26 point 1): a clerk of Manila starts it from its voyage, sends
 * two vans of North Harbor CY 1 from one vessel to another vessel's voyage, into Parola CY, saves it and is back
 * on the list a second later; the vans' yard in the van master follows; the slip is printed and read back from its
 * page image; deleted, the vans go back.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "hustling-clerk-passphrase-4";
const CLERK = "hus-e2e-clerk";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let clerk: Page;
const voyages: Record<"from" | "to", { voyageNum: string; vesselName: string }> = {} as never;
/** Two vans of the line at North Harbor CY 1, numbered for this test (their check digits computed). */
const VANS = ["HUSU77001", "HUSU77002"].map((prefix) => `${prefix}0${containerCheckDigit(`${prefix}0`)}`);

/** OCR text without white space or the table's rules: tesseract splits and joins words now and then, and reads a rule as |. */
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |]/g, "");

async function yardOf(code: string): Promise<string | null> {
  const { data } = await asAdmin<{ data: { code: string; cyCode: string | null }[] }>("GET", `/ContainerVans/load?search=${code}&take=5`);
  return data.find((v) => v.code === code)!.cyCode;
}

async function pick(selector: string, value: string) {
  await clerk.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await clerk.locator(selector).selectOption(value);
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  // DAT staff print originals, so the slip is read without COPY across it.
  await asAdmin("POST", "/Roles", { roleId: "HUSE2E", roleName: "Hustling e2e clerk", isDat: true, roleDetails: [{ menuId: "HUSTLING" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Hilario Santos", email: `${CLERK}@example.test`, roleId: "HUSE2E", branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);
  const etd = new Date(Date.now() + 12 * 86_400_000);
  for (const [key, vesselCode, ref] of [["from", "MV-PIONEER", "HUS-E2E-FROM"], ["to", "MV-VOYAGER", "HUS-E2E-TO"]] as const) {
    const { data } = await asAdmin<{ data: { voyageNum: string } }>("POST", "/VoyageSchedules/createcheduleV1", {
      voyageRef: ref, vesselCode, routeCode: "MNL-CEB", estimatedTimeDeparture: etd.toISOString(),
      destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: new Date(etd.getTime() + 86_400_000).toISOString() }],
    });
    voyages[key] = { voyageNum: data.voyageNum, vesselName: vesselCode === "MV-PIONEER" ? "MV Lading Pioneer" : "MV Lading Voyager" };
  }
  await asAdmin("POST", "/ContainerVans/create", { code: VANS[0], size: "20", vanType: "DRY", condition: "Full", cyCode: "MNL-CY1" });
  await asAdmin("POST", "/ContainerVans/create", { code: VANS[1], size: "40", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1" });
  browser = await openBrowser("hustling", { width: 1440, height: 900 });
  clerk = browser.page;
  await signIn(clerk, baseURL, CLERK, PASSWORD);
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});

let hustlingCstNum = "";

describe("a hustling from one vessel to another", () => {
  it("starts from the list: the branch and the voyage the vans are hustled for", async () => {
    await clerk.getByTestId("nav-hustling").click();
    await clerk.waitForURL(`${baseURL}/Hustling`);
    await clerk.getByTestId("hustling-new").click();
    await pick("#hustling-new-branch", "MNL");
    await clerk.getByTestId("hustling-new-search").fill("HUS-E2E-FROM");
    await pick("#hustling-new-voyage", voyages.from.voyageNum);
    await clerk.getByTestId("hustling-new-voyage-summary").filter({ hasText: /MV Lading Pioneer/ }).waitFor();
    await clerk.getByTestId("hustling-new-continue").click();
    await clerk.waitForURL(`${baseURL}/Hustling/MNL/${encodeURIComponent(voyages.from.voyageNum)}`);
    await clerk.getByTestId("page-title").filter({ hasText: exactly("New hustling") }).waitFor();
    expect(await clerk.getByTestId("hustling-vessel").textContent()).toBe("MV Lading Pioneer");
  });

  it("names the other vessel, the yards and the hauler, picks two vans of the from yard and saves; the list is back a second later", async () => {
    await pick("#hustling-hustVoyageNum", voyages.to.voyageNum);
    await pick("#hustling-truckingCode", "TRK-001");
    await pick("#hustling-fromCyCode", "MNL-CY1");
    await pick("#hustling-toCyCode", "MNL-CY2");
    await clerk.getByTestId("hustling-dateTimeIn").fill("2026-03-02T08:30");
    await clerk.getByTestId("hustling-dateTimeOut").fill("2026-03-02T10:00");
    await clerk.getByTestId("hustling-remarks").fill("Transshipment to the Voyager for Cebu");
    // Saving without a van is refused where the vans are picked.
    await clerk.getByTestId("hustling-save").click();
    await clerk.getByText("Add at least one container van", { exact: true }).waitFor();
    await clerk.getByTestId("hustling-van-search").fill(VANS[0]);
    await pick("#hustling-van", VANS[0]);
    await clerk.getByTestId("hustling-van-add").click();
    await clerk.getByTestId(`hustling-line-van-${VANS[0]}`).waitFor();

    // The second is picked from the yard's list while a search typed a moment before is still on its way. Its
    // answer, late, does not hold that van; Add still adds the van the clerk picked.
    await clerk.getByTestId("hustling-van-search").fill("");
    await pick("#hustling-van", VANS[1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lateSearch = (url: URL) => url.pathname.endsWith("/searchCVHustling") && url.searchParams.get("search") === VANS[0];
    await clerk.route(lateSearch, async (route) => {
      await held;
      await route.continue();
    });
    const lateAnswer = clerk.waitForResponse((res) => lateSearch(new URL(res.url())));
    const asked = clerk.waitForRequest((req) => lateSearch(new URL(req.url())));
    await clerk.getByTestId("hustling-van-search").fill(VANS[0]);
    await asked;
    await pick("#hustling-van", VANS[1]);
    release();
    expect((await lateAnswer).status()).toBe(200);
    await clerk.unroute(lateSearch);
    // Once the answer is on screen the list offers the picked van alone (the first is on the hustling already).
    const prompt = clerk.locator('#hustling-van option[value=""]');
    await prompt.filter({ hasText: /to choose from/ }).waitFor({ state: "attached" });
    expect(await prompt.textContent()).toBe("1 van(s) to choose from…");
    expect(await clerk.locator("#hustling-van").inputValue()).toBe(VANS[1]);
    await clerk.getByTestId("hustling-van-add").click();
    await clerk.getByTestId(`hustling-line-van-${VANS[1]}`).waitFor();
    await clerk.getByTestId(`hustling-line-driver-${VANS[0]}`).fill("Rodel Mendoza");
    await clerk.getByTestId(`hustling-line-driver-${VANS[1]}`).fill("Efren Bautista");
    await clerk.getByTestId(`hustling-line-plateNum-${VANS[1]}`).fill("NDA 7781");
    await clerk.getByTestId(`hustling-line-detailsRemarks-${VANS[0]}`).fill("Seal intact");
    // The trucker's first plate on file was proposed for each van.
    expect(await clerk.getByTestId(`hustling-line-plateNum-${VANS[0]}`).inputValue()).toBe("NBC 1234");
    await clerk.getByTestId("hustling-save").click();
    await seeNotice(clerk, "Hustling Successfully Created");
    await clerk.waitForURL(`${baseURL}/Hustling`);
    const row = clerk.getByTestId("hustling-table").getByRole("row").filter({ hasText: voyages.from.voyageNum });
    await row.waitFor();
    hustlingCstNum = (await row.getByTestId(/^hustling-row-/).textContent())!.trim();
    expect(hustlingCstNum).toMatch(/^HUS-MNL-\d{4}-\d{6}$/);
    expect(await clerk.getByTestId(`hustling-vans-${hustlingCstNum}`).textContent()).toBe(VANS.join(", "));
    expect(await clerk.getByTestId(`hustling-to-${hustlingCstNum}`).textContent()).toBe(`To Vessel: MV Lading Voyager (${voyages.to.voyageNum})`);
    // The vans now stand where the hustling took them.
    expect([await yardOf(VANS[0]), await yardOf(VANS[1])]).toEqual(["MNL-CY2", "MNL-CY2"]);
  });

  it("prints its slip: the header, both vans with their drivers, and the clerk who issued it", async () => {
    const [popup] = await Promise.all([clerk.waitForEvent("popup"), rowButton(clerk, `hustling-row-${hustlingCstNum}`, "Print").click()]);
    await popup.waitForLoadState();
    const pdf = await popup.request.get(popup.url());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    await popup.close();
    const rendered = await renderPdf(new Uint8Array(bytes), { pageSegmentation: 4 });
    expect(rendered.pageCount).toBe(1);
    const text = squeeze(rendered.pages[0].text ?? "");
    for (const expected of [
      "cargo transfer slip (hustling)",
      `hustling no. ${hustlingCstNum}`,
      "branch manila",
      `voyage ${voyages.from.voyageNum}`,
      "voyage ref. hus-e2e-from",
      "vessel mv lading pioneer",
      "to to vessel",
      "to vessel mv lading voyager",
      `to voyage ${voyages.to.voyageNum}`,
      "from cy north harbor cy 1",
      "to cy parola cy",
      "trucker north harbor haulers inc.",
      "time in 2026-03-02 08:30",
      "time out 2026-03-02 10:00",
      "remarks transshipment to the voyager for cebu",
      `${VANS[0]} dry 20 ft nbc 1234 rodel mendoza seal intact`,
      `${VANS[1]} dry 40 ft nda 7781 efren bautista`,
      "issued by",
      "hilario santos",
    ]) expect(text).toContain(squeeze(expected));
    expect(text).not.toContain("copy");
    // The lines in the order they were picked.
    expect(text.indexOf(VANS[0].toLowerCase())).toBeLessThan(text.indexOf(VANS[1].toLowerCase()));
  }, 60_000);

  it("opens it again from its row, and deleting it puts the vans back in the from yard", async () => {
    await rowButton(clerk, `hustling-row-${hustlingCstNum}`, "Open").click();
    await clerk.waitForURL(`${baseURL}/Hustling/MNL/${encodeURIComponent(voyages.from.voyageNum)}`);
    await clerk.getByTestId("page-title").filter({ hasText: exactly(`Hustling ${hustlingCstNum}`) }).waitFor();
    expect(await clerk.getByTestId(`hustling-line-driver-${VANS[1]}`).inputValue()).toBe("Efren Bautista");
    await clerk.getByTestId("nav-hustling").click();
    await rowButton(clerk, `hustling-row-${hustlingCstNum}`, "Delete").click();
    const prompt = clerk.getByTestId("confirm-prompt");
    await prompt.waitFor();
    expect(await prompt.locator("p").textContent()).toBe(`Delete hustling ${hustlingCstNum} of voyage ${voyages.from.voyageNum}? Its 2 van(s) go back to North Harbor CY 1.`);
    await clerk.locator(".lading-confirm").getByRole("button", { name: "Delete", exact: true }).click();
    await seeNotice(clerk, "Hustling Deleted Successfully.");
    await clerk.getByTestId(`hustling-row-${hustlingCstNum}`).waitFor({ state: "detached" });
    expect([await yardOf(VANS[0]), await yardOf(VANS[1])]).toEqual(["MNL-CY1", "MNL-CY1"]);
  });
});
