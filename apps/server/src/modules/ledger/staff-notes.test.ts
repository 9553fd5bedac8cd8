import { addMonths, backOfficeMessages, companyOfLedgerAccount, toPaise } from "@portal/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../../db/schema";
import { createTestWorld, type TestWorld } from "../../test/harness";

// Staff notes on a small demo world (no history): an Idempotency-Key makes a double submit post
// once, and the database refuses any change to a posted entry.
let world: TestWorld;
let staff: { authorization: string };
let partnerId: number;

beforeAll(async () => {
  world = await createTestWorld({ products: 20 });
  staff = await world.signIn("admin@demo.in");
  const [row] = await world.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "franchisee@demo.in"));
  partnerId = row?.id ?? 0;
}, 600_000);
afterAll(() => world.close());

const postNote = (payload: object, key?: string) =>
  world.app.inject({
    method: "POST",
    url: `/api/admin/ledger/${partnerId}/notes`,
    headers: { ...staff, ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload,
  });
const staffNotes = () =>
  world.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.userId, partnerId), inArray(ledgerEntries.sourceKind, ["courier", "correction"])),
    );

const courier = { kind: "courierExpenses", amount: "118.00", description: "Courier for replacement" };

describe("staff notes with an Idempotency-Key", () => {
  it("posts once for two identical requests with one key, and answers the same note both times", async () => {
    const before = (await staffNotes()).length;
    const first = await postNote(courier, "note-key-0001");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(first.json()).toMatchObject({
      debit: "118.00",
      credit: "0.00",
      noteType: "DN",
      sacCode: "9968",
      description: "Courier for replacement (SAC 9968; taxable 100.00, CGST 9% 9.00 + SGST 9% 9.00)",
    });
    const again = await postNote(courier, "note-key-0001");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const notes = await staffNotes();
    expect(notes.length).toBe(before + 1);
    expect(notes.filter((n) => n.voucherNumber === first.json().voucherNumber).length).toBe(1);
  });

  it("posts once for a double submit whose two requests arrive together", async () => {
    const before = (await staffNotes()).length;
    const [a, b] = await Promise.all([
      postNote(courier, "note-key-0006"),
      postNote(courier, "note-key-0006"),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(b?.json()).toEqual(a?.json());
    expect((await staffNotes()).length).toBe(before + 1);
  });

  it("posts two notes for two keys, each numbered from the debit note series", async () => {
    const before = (await staffNotes()).length;
    const a = await postNote(courier, "note-key-0002");
    const b = await postNote(courier, "note-key-0003");
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().id).not.toBe(a.json().id);
    const seq = (n: string) => Number(n.split("/").at(-1));
    expect(seq(b.json().voucherNumber)).toBe(seq(a.json().voucherNumber) + 1);
    expect((await staffNotes()).length).toBe(before + 2);
  });

  it("refuses the key again with a different note (422) and posts nothing", async () => {
    const before = (await staffNotes()).length;
    expect((await postNote(courier, "note-key-0004")).statusCode).toBe(200);
    for (const other of [
      { ...courier, amount: "236.00" },
      { ...courier, kind: "debitCorrection" },
      { ...courier, description: "Courier for a different load" },
    ]) {
      const res = await postNote(other, "note-key-0004");
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(backOfficeMessages.noteIdempotencyKeyReused);
    }
    expect((await staffNotes()).length).toBe(before + 1);
  });

  it("posts every request without a key (today's behaviour), its source the note's own number", async () => {
    const before = (await staffNotes()).length;
    const a = await postNote(courier);
    const b = await postNote(courier);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const notes = await staffNotes();
    expect(notes.length).toBe(before + 2);
    for (const res of [a, b]) {
      const row = notes.find((n) => n.id === res.json().id);
      expect(row?.sourceId).toBe(res.json().voucherNumber);
    }
  });

  it("refuses a malformed key with the header's own message", async () => {
    const res = await postNote(courier, "short");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      "The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_' (a UUID will do)",
    );
  });
});

describe("the ledger is append-only", () => {
  const refusal = "ledger entries are append-only: write a correcting entry";
  /** The database's own message: drizzle wraps it as the cause of a failed query. */
  const messageOf = async (query: Promise<unknown>) => {
    try {
      await query;
    } catch (error) {
      const e = error as { message: string; cause?: { message?: string } };
      return e.cause?.message ?? e.message;
    }
    return "no error";
  };

  it("refuses UPDATE and DELETE of a posted entry with the trigger's message, and keeps the entry", async () => {
    const posted = await postNote(courier, "note-key-0005");
    expect(posted.statusCode).toBe(200);
    const id = posted.json().id as number;
    const db = world.database.db;
    expect(await messageOf(db.execute(sql`UPDATE ledger_entries SET debit = 0 WHERE id = ${id}`))).toBe(
      refusal,
    );
    expect(
      await messageOf(
        db.update(ledgerEntries).set({ description: "edited" }).where(eq(ledgerEntries.id, id)),
      ),
    ).toBe(refusal);
    expect(await messageOf(db.execute(sql`DELETE FROM ledger_entries WHERE id = ${id}`))).toBe(refusal);
    expect(await messageOf(db.delete(ledgerEntries).where(eq(ledgerEntries.id, id)))).toBe(refusal);
    const [kept] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
    expect(kept).toMatchObject({ debit: "118.00", description: posted.json().description });
  });
});

describe("partner ledger desk: ageing", () => {
  const ageing = (query: string, id = partnerId) =>
    world.app.inject({ url: `/api/admin/ledger/${id}/ageing${query}`, headers: staff });
  const amounts = (body: { buckets: { key: string; amount: string }[] }) =>
    Object.fromEntries(body.buckets.map((b) => [b.key, b.amount]));

  it("puts what is open of the debits in 0–30, 31–60, 61–90, 91–180 and 180+ days, oldest settled first", async () => {
    const debit = await postNote({ kind: "debitCorrection", amount: "1000.00", description: "Short credit" });
    expect(debit.statusCode, debit.body).toBe(200);
    const day = debit.json().entryDate as string;
    const today = (await ageing("")).json();
    expect(today.asOf).toBe(day);
    const base = amounts(today);
    const later = (await ageing(`?asOf=${addMonths(day, 2)}`)).json();
    expect(later.buckets.map((b: { label: string }) => b.label)).toEqual([
      "0–30 days",
      "31–60 days",
      "61–90 days",
      "91–180 days",
      "180+ days",
    ]);
    const moved = amounts(later);
    // Two months on, today's debits (the 1,000.00 among them) are 59 to 62 days old.
    expect(Number(moved.days31to60) + Number(moved.days61to90)).toBe(Number(base.days0to30));
    expect(moved.days0to30).toBe("0.00");
    expect(Number(later.outstanding)).toBe(Number(today.outstanding));

    const credit = await postNote({ kind: "creditCorrection", amount: "250.00", description: "Rebate" });
    expect(credit.statusCode, credit.body).toBe(200);
    const after = (await ageing("")).json();
    expect(Number(after.outstanding)).toBeCloseTo(Number(today.outstanding) - 250, 2);
  });

  it("refuses a bad day (400) and an unknown partner (404)", async () => {
    const bad = await ageing("?asOf=2026-13-01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("asOf");
    const missing = await ageing("", 999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(backOfficeMessages.partnerNotFound);
  });
});

describe("a staff note's GST, read the same on every document", () => {
  it("a correction is outside GST on the partner's note and in GSTR-1; a courier note carries the split it stated", async () => {
    const partner = await world.signIn("franchisee@demo.in");
    const gstr1 = async (day: string) => {
      const res = await world.app.inject({
        url: `/api/admin/gstr1?gstin=${companyOfLedgerAccount(1).gstNo}&month=${day.slice(0, 7)}&format=summary`,
        headers: staff,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totals.debitNotes as { documents: number; value: string; taxable: string };
    };
    const probe = await postNote({ kind: "debitCorrection", amount: "1.00", description: "Probe" });
    const day = probe.json().entryDate as string;
    const before = await gstr1(day);

    const correction = await postNote({
      kind: "debitCorrection",
      amount: "590.00",
      description: "Wrong rate",
    });
    expect(correction.statusCode, correction.body).toBe(200);
    const note = await world.app.inject({
      url: `/api/ledger/gccnmaster/${correction.json().id}`,
      headers: partner,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({
      amount: "590.00",
      taxable: "590.00",
      cgst: "0.00",
      sgst: "0.00",
      igst: "0.00",
    });
    expect(await gstr1(day)).toEqual(before);

    const courierNote = await postNote({ kind: "courierExpenses", amount: "590.00", description: "Courier" });
    expect(courierNote.statusCode, courierNote.body).toBe(200);
    const shown = await world.app.inject({
      url: `/api/ledger/cndnmasters/${courierNote.json().id}`,
      headers: partner,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      amount: "590.00",
      taxable: "500.00",
      cgst: "45.00",
      sgst: "45.00",
      igst: "0.00",
    });
    const after = await gstr1(day);
    expect(after.documents).toBe(before.documents + 1);
    expect(toPaise(after.value) - toPaise(before.value)).toBe(59000n);
    expect(toPaise(after.taxable) - toPaise(before.taxable)).toBe(50000n);
  });
});
