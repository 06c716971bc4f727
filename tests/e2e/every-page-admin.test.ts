import { describe, expect, inject, it } from "vitest";
import { PAGES, pathTo } from "../../api/shared/page-paths.ts";
import { adminApi } from "./admin-api.ts";
import { openEveryPage, pages, pagesOf } from "./every-page.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * Every page that opens from an address without parameters, opened in the built app by the administrator on the
 * demo line the server starts with. Each page must open without a script error, without an error toast, with
 * every API call it makes answered below 400 (a 404 would mean it looks for a record that is not there), and as
 * the page itself: not "not built", "not found" or "no access". Warnings of an empty list are the spec's and are
 * left to the screens' own tests. Then the pages of the demo line's two voyages and of a booking on each, which
 * open with the voyage's or the booking's reference in their address. The demo staff's pages:
 * every-page-staff.test.ts.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");

describe("every page opens cleanly", () => {
  it("for the administrator, every page of every menu", async () => {
    const addresses = pagesOf("all");
    expect(addresses.length).toBe(pages.length);
    expect(await openEveryPage(baseURL, "admin", "admin", adminPassword, addresses)).toEqual([]);
  }, 600_000);

  it("for the administrator, the pages of the demo line's voyages and of a booking on each", async () => {
    const asAdmin = await adminApi(baseURL, adminPassword);
    const addresses: string[] = [];
    for (const voyageRef of ["DEMO-OPEN", "DEMO-LOADING"]) {
      const voyages = await asAdmin<{ data: { voyageNum: string; voyageRef: string }[] }>("GET", `/VoyageSchedules/load?search=${voyageRef}`);
      const voyage = voyages.data.find((v) => v.voyageRef === voyageRef);
      expect(voyage, voyageRef).toBeDefined();
      const { voyageNum } = voyage!;
      const bookings = await asAdmin<{ data: { bookingRef: string; bookingBatchRef: string }[] }>("POST", "/Bookings/load", { voyageNum, take: 1 });
      expect(bookings.data.length, `bookings of ${voyageRef}`).toBe(1);
      const [{ bookingRef, bookingBatchRef }] = bookings.data;
      for (const pattern of [PAGES.loadList, PAGES.loadingTallySheet, PAGES.stowagePlan, PAGES.unloadList, PAGES.unloadingTallySheet, PAGES.arrivalNotices, PAGES.croPosting]) {
        addresses.push(pathTo(pattern, { voyageNum }));
      }
      addresses.push(
        pathTo(PAGES.bookingBatch, { voyageNum, bookingBatchRef }),
        pathTo(PAGES.documentTreeOf, { bookingRef }),
        pathTo(PAGES.shipmentTrackingOf, { bookingRef }),
      );
    }
    expect(await openEveryPage(baseURL, "admin-records", "admin", adminPassword, addresses)).toEqual([]);
  }, 600_000);
});
