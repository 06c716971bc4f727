import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from "../../db/seed/demo.ts";
import { openEveryPage, pagesOf } from "./every-page.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * Every page of a role's menus that opens from an address without parameters, opened in the built app by the demo
 * staff of each menu on the demo line the server starts with. Each page must open without a script error, without
 * an error toast, with every API call it makes answered below 400 (a 401 or 403 would mean a screen asks beyond
 * its user's menu), and as the page itself: not "not built", "not found" or "no access" for a page of the user's
 * own menus. The administrator's pages: every-page-admin.test.ts.
 */

const baseURL = sharedBaseURL();

describe("every page opens cleanly", () => {
  const menuStaff: DemoPerson[] = ["ae", "ops", "yard", "inbound", "cashier", "waiver", "bcClerk", "hustler"];
  for (const who of menuStaff) {
    const person = DEMO_PEOPLE[who];
    it(`for ${person.userId} (${person.menus.join(", ")}), the pages of the role's menus`, async () => {
      const addresses = pagesOf(person);
      expect(addresses.length).toBeGreaterThan(1);
      expect(await openEveryPage(baseURL, who, person.userId, DEMO_PASSWORD, addresses)).toEqual([]);
    }, 600_000);
  }
});
