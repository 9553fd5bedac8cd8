import { indiaDay } from "@portal/domain";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let staff: { authorization: string };
let partner: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 2 });
  staff = await world.signIn("admin@demo.in");
  partner = await world.signIn("franchisee@demo.in");
});
afterAll(() => world.close());

const get = (url: string, headers: { authorization: string } | null = staff) =>
  world.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};

describe("the audit list", () => {
  it("sorts over every row: the first row ascending and descending", async () => {
    const [first] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM audit_log ORDER BY at ASC, id ASC LIMIT 1`,
    );
    const [last] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM audit_log ORDER BY at DESC, id DESC LIMIT 1`,
    );
    const [byId] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM audit_log ORDER BY entity_id DESC, id DESC LIMIT 1`,
    );
    const ascending = (await get("/api/admin/audit?sort=at&pageSize=3")).json();
    expect(ascending.total).toBeGreaterThan(3);
    expect(ascending.rows[0].id).toBe(first?.id);
    expect((await get("/api/admin/audit?sort=-at&pageSize=3")).json().rows[0].id).toBe(last?.id);
    expect((await get("/api/admin/audit?sort=-entityId&pageSize=3")).json().rows[0].id).toBe(byId?.id);
  });

  it("searches entity ids, actions and actors, and filters by entity, id, actor and India days", async () => {
    const [entry] = await rowsOf<{ entity: string; entity_id: string; actor_id: number; action: string }>(
      sql`SELECT entity, entity_id, actor_id, action FROM audit_log WHERE actor_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const [counts] = await rowsOf<{
      one: number;
      byAction: number;
      byActor: number;
      byAdmin: number;
    }>(sql`SELECT
      (SELECT count(*)::int FROM audit_log WHERE entity = ${entry!.entity} AND entity_id = ${entry!.entity_id}) AS "one",
      (SELECT count(*)::int FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.action ILIKE ${`%${entry!.action}%`} OR a.entity_id ILIKE ${`%${entry!.action}%`} OR u.email ILIKE ${`%${entry!.action}%`}) AS "byAction",
      (SELECT count(*)::int FROM audit_log WHERE actor_id = ${entry!.actor_id}) AS "byActor",
      (SELECT count(*)::int FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE u.email ILIKE '%admin@demo%') AS "byAdmin"`);
    const one = (
      await get(`/api/admin/audit?entity=${entry!.entity}&entityId=${encodeURIComponent(entry!.entity_id)}`)
    ).json();
    expect(one.total).toBe(counts!.one);
    for (const r of one.rows) expect([r.entity, r.entityId]).toEqual([entry!.entity, entry!.entity_id]);
    expect((await get(`/api/admin/audit?q=${encodeURIComponent(entry!.action)}`)).json().total).toBe(
      counts!.byAction,
    );
    expect((await get(`/api/admin/audit?actorId=${entry!.actor_id}`)).json().total).toBe(counts!.byActor);
    expect((await get("/api/admin/audit?q=ADMIN%40demo")).json().total).toBe(counts!.byAdmin);

    const today = indiaDay(new Date());
    const [todays] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE (at AT TIME ZONE 'Asia/Kolkata')::date = ${today}::date`,
    );
    expect((await get(`/api/admin/audit?from=${today}&to=${today}`)).json().total).toBe(todays!.n);
    expect((await get("/api/admin/audit?from=2000-01-01&to=2000-01-31")).json()).toEqual({
      rows: [],
      total: 0,
    });
  });

  it("exports every matching entry as CSV: as many rows as the total, India times", async () => {
    const total = (await get("/api/admin/audit?pageSize=1")).json().total;
    const res = await get("/api/admin/audit?format=csv&sort=at");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="audit-log.csv"');
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data[0]).toEqual(["When", "Who", "Action", "Entity", "Id", "Before", "After"]);
    expect(parsed.data.length - 1).toBe(total);
    const [first] = await rowsOf<{ day: string }>(
      sql`SELECT to_char(at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY') AS day FROM audit_log ORDER BY at, id LIMIT 1`,
    );
    expect(parsed.data[1]?.[0]?.startsWith(first!.day)).toBe(true);
  });

  it("offers the entity kinds and the staff who acted, from the database", async () => {
    const res = await get("/api/admin/audit/filters");
    expect(res.statusCode).toBe(200);
    const entities = await rowsOf<{ entity: string }>(
      sql`SELECT DISTINCT entity FROM audit_log ORDER BY entity`,
    );
    expect(res.json().entities).toEqual(entities.map((e) => e.entity));
    expect(res.json().actors.map((a: { email: string }) => a.email)).toContain("admin@demo.in");
  });

  it("refuses bad filters clearly", async () => {
    const day = await get("/api/admin/audit?from=26-11-2026");
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toContain("from");
    const sort = await get("/api/admin/audit?sort=before");
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toContain("sort must be one of at, actorEmail, action, entity, entityId");
  });

  it("is for staff only", async () => {
    for (const url of ["/api/admin/audit", "/api/admin/audit/filters"]) {
      expect((await get(url, partner)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
