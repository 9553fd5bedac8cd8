import { desc, eq } from "drizzle-orm";
import { auditLog, notifications } from "../db/schema";
import type { TestWorld } from "./harness";
import { type Headers, orderBody, placeOrder, productsOfType, stockOf, stockUp } from "./order-test-kit";
import { loadCatalogue } from "./test-facts";

/** Helpers of the back-office tests: a partner's order placed through the API, staff calls, look-ups. */
export async function backOfficeKit(world: TestWorld) {
  const catalogue = await loadCatalogue(world);
  const owned = productsOfType(catalogue, "OwnedStock", 40);
  let next = 0;
  const db = world.database.db;
  const staff = await world.signIn("admin@demo.in");
  const franchisee = await world.signIn("franchisee@demo.in");

  /** A Pending order of the franchisee at warehouse 2 for fresh products with the given quantities. */
  async function order(quantities: number[], headers: Headers = franchisee, wh = 2) {
    const products = quantities.map((qty) => {
      const p = owned[next++];
      if (!p) throw new Error("ran out of products");
      return { p, qty };
    });
    for (const { p } of products) await stockUp(db, p.id, wh, 100);
    const res = await placeOrder(
      world.app,
      headers,
      orderBody([{ wh, products: products.map(({ p, qty }) => ({ id: p.id, qty })) }]),
    );
    if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
    const poid = res.json().result[0].poid as string;
    return { poid, products: products.map(({ p, qty }) => ({ id: p.id, qty })) };
  }

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Headers = staff) =>
    world.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    db,
    staff,
    franchisee,
    order,
    call,
    stock: (productId: number, wh = 2) => stockOf(db, productId, wh),
    async notificationsOf(userId: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id));
    },
    async auditOf(entity: string, entityId: string) {
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, entityId))
        .orderBy(desc(auditLog.id))
        .then((r) => r.filter((a) => a.entity === entity));
    },
  };
}
