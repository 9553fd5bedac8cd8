/**
 * Every day a request names is a real calendar day from 2000-01-01 to 2100-12-31 (`calendarDay` of
 * the contracts, `isDayWithin` of the domain): an impossible or far-off day is a 400 naming the
 * field, never a 500 from a date library or the database (22008), on each operation that answered
 * 500 before.
 */
import { accountMessages } from "@portal/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "./harness";
import { BAD_DAYS } from "./openapi-walk";

let world: TestWorld;
let partner: string;
let admin: string;
let store: number;

beforeAll(async () => {
  world = await createTestWorld({ products: 20 });
  partner = (await world.signIn("franchisee@demo.in")).authorization;
  admin = (await world.signIn("admin@demo.in")).authorization;
  const me = await world.app.inject({ url: "/api/users/me", headers: { authorization: partner } });
  store = me.json().fcf.id;
});
afterAll(() => world.close());

type Case = {
  name: string;
  /** The request with `day` in the date field. */
  request: (day: string) => InjectOptions;
  /** The field as the message names it (a nested body field is prefixed by its path). */
  message: string;
  staff?: boolean;
};

const body = (method: "POST", url: string, payload: object): InjectOptions => ({ method, url, payload });

const CASES: Case[] = [
  {
    name: "POST /api/ledger/getLedger fromDate",
    request: (day) => body("POST", "/api/ledger/getLedger", { fromDate: day }),
    message: accountMessages.notADay("fromDate"),
  },
  {
    name: "POST /api/ledger/getLedger toDate",
    request: (day) => body("POST", "/api/ledger/getLedger", { fromDate: "2026-04-01", toDate: day }),
    message: accountMessages.notADay("toDate"),
  },
  {
    name: "POST /api/ledger/getLedger/pdf fromDate",
    request: (day) => body("POST", "/api/ledger/getLedger/pdf", { fromDate: day }),
    message: accountMessages.notADay("fromDate"),
  },
  {
    name: "POST /api/srdetails/getSRDetails FromDate",
    request: (day) => body("POST", "/api/srdetails/getSRDetails", { FromDate: day, ToDate: "2026-10-31" }),
    message: accountMessages.notADay("FromDate"),
  },
  {
    name: "POST /api/training/getEventList fromDate",
    request: (day) => body("POST", "/api/training/getEventList", { fromDate: day }),
    message: accountMessages.notADay("fromDate"),
  },
  ...(["getLoad", "getCSVData", "getLoadTotal"] as const).map((call) => ({
    name: `POST /api/cpo/${call} loadFilter.loadFrom`,
    request: (day: string) => body("POST", `/api/cpo/${call}`, { loadFilter: { loadFrom: day } }),
    message: `loadFilter.loadFrom: ${accountMessages.notADay("loadFrom")}`,
  })),
  {
    name: "POST /api/cpo/getLoad loadFilter.shipTo",
    request: (day) =>
      body("POST", "/api/cpo/getLoad", { loadFilter: { shipFrom: "2026-10-01", shipTo: day } }),
    message: `loadFilter.shipTo: ${accountMessages.notADay("shipTo")}`,
  },
  {
    name: "GET /api/order/stats orderFrom",
    request: (day) => ({ url: `/api/order/stats?orderFrom=${day}&orderTo=2026-10-31` }),
    message: accountMessages.notADay("orderFrom"),
  },
  {
    name: "GET /api/order shipTo",
    request: (day) => ({ url: `/api/order?shipFrom=2026-10-01&shipTo=${day}` }),
    message: accountMessages.notADay("shipTo"),
  },
  {
    name: "GET /api/order/arsReport from",
    request: (day) => ({ url: `/api/order/arsReport?from=${day}&to=2026-10-31` }),
    message: accountMessages.notADay("from"),
  },
  {
    name: "GET /api/order/arsReport/csv to",
    request: (day) => ({ url: `/api/order/arsReport/csv?from=2026-10-01&to=${day}` }),
    message: accountMessages.notADay("to"),
  },
  {
    name: "GET /api/storeperformance/{storeId} from",
    request: (day) => ({ url: `/api/storeperformance/${store}?from=${day}` }),
    message: accountMessages.notADay("from"),
  },
  {
    name: "GET /api/admin/orders from",
    request: (day) => ({ url: `/api/admin/orders?from=${day}` }),
    message: accountMessages.notADay("from"),
    staff: true,
  },
  {
    name: "GET /api/admin/ledger/{userId} from",
    request: (day) => ({ url: `/api/admin/ledger/1?from=${day}` }),
    message: accountMessages.notADay("from"),
    staff: true,
  },
  {
    name: "GET /api/admin/ledger/{userId} to",
    request: (day) => ({ url: `/api/admin/ledger/1?to=${day}` }),
    message: accountMessages.notADay("to"),
    staff: true,
  },
  {
    name: "POST /api/admin/loads/{id}/ship actualShippingDate",
    request: (day) => body("POST", "/api/admin/loads/1/ship", { actualShippingDate: day }),
    message: accountMessages.notADay("actualShippingDate"),
    staff: true,
  },
];

describe("a day of a request is a real day from 2000-01-01 to 2100-12-31", () => {
  it("words the refusal with the field and the bounds", () => {
    expect(accountMessages.notADay("fromDate")).toBe(
      "fromDate must be a real date between 2000-01-01 and 2100-12-31 (yyyy-MM-dd)",
    );
  });

  it.each(CASES)("$name: 400 naming the field for each impossible or far-off day", async (c) => {
    const answers: string[] = [];
    for (const day of BAD_DAYS) {
      const request = c.request(day);
      const res = await world.app.inject({
        ...request,
        headers: { authorization: c.staff ? admin : partner },
      });
      answers.push(`${day} → ${res.statusCode} ${res.json().message}`);
    }
    expect(answers).toEqual(BAD_DAYS.map((day) => `${day} → 400 ${c.message}`));
  });

  it("still takes the bounds themselves and a blank day where a blank means not given", async () => {
    const ask = (request: InjectOptions, authorization = partner) =>
      world.app.inject({ ...request, headers: { authorization } });
    const edges = await ask({ url: "/api/admin/orders?from=2000-01-01&to=2100-12-31" }, admin);
    expect(edges.statusCode).toBe(200);
    const loads = await ask(
      body("POST", "/api/cpo/getLoadTotal", { loadFilter: { loadFrom: "", loadTo: "" } }),
    );
    expect(loads.statusCode).toBe(200);
    const leap = await ask(
      body("POST", "/api/ledger/getLedger", { fromDate: "2024-02-29", toDate: "2024-03-31" }),
    );
    expect(leap.statusCode).toBe(200);
    expect(leap.json().fromDate).toBe("2024-02-29");
  });

  it("holds a kiosk customer's date of birth to a real day from 1900-01-01, not in the future", async () => {
    const kiosk = (await world.signIn("kiosk@demo.in")).authorization;
    const customer = { mobileNo: "9812345670", firstName: "Asha", lastName: "Rao" };
    const save = (dob: string) =>
      world.app.inject({
        method: "POST",
        url: "/api/kajukatli/saveDetails",
        headers: { authorization: kiosk },
        payload: { ...customer, dob },
      });
    for (const dob of ["2001-02-30", "1899-12-31", "0000-00-00"]) {
      const res = await save(dob);
      expect(res.statusCode, dob).toBe(400);
      expect(res.json().message, dob).toBe(accountMessages.notADay("dob", "1900-01-01"));
    }
    const future = await save("2100-01-01");
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe("dob cannot be in the future");
  });
});
