/** What other modules may use of gst: a tax invoice's IRP registration, for its PDF. */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { einvoices } from "../../db/schema";
import { ewayBillsOf } from "./ewaybill-repo";
import { jwtData, type QrData } from "./irp";

export { enterNeededEwayBills, ewayBillBlocks } from "./batch";
export { irpFromEnvironment } from "./irp";

/** The IRN, acknowledgement and signed QR code an invoice prints once registered with the IRP. */
export interface EinvoiceRegistration {
  irn: string;
  ackNo: string;
  ackAt: Date;
  signedQr: string;
  /** The buyer's GSTIN the IRP registered (from the signed QR code). */
  buyerGstin: string;
}

/** A tax invoice's registration with the IRP, or null while it has none (or it was cancelled). */
export async function einvoiceRegistration(
  db: DbOrTx,
  invoiceNumber: string,
): Promise<EinvoiceRegistration | null> {
  const [row] = await db
    .select()
    .from(einvoices)
    .where(
      and(
        eq(einvoices.docType, "INV"),
        eq(einvoices.docNumber, invoiceNumber),
        eq(einvoices.state, "registered"),
      ),
    )
    .limit(1);
  return row?.irn && row.ackNo && row.ackAt && row.signedQr
    ? {
        irn: row.irn,
        ackNo: row.ackNo,
        ackAt: row.ackAt,
        signedQr: row.signedQr,
        buyerGstin: jwtData<QrData>(row.signedQr).BuyerGstin,
      }
    : null;
}

export { ewayBillBlock } from "./ewaybill-service";
export { ewbFromEnvironment } from "./ewb";

/** The e-way bill numbers of loads (for the partner's load views), with until when each is valid. */
export async function ewayBillsOfLoads(
  db: DbOrTx,
  loadIds: readonly number[],
): Promise<Map<number, { number: string; validUntil: Date | null }>> {
  const rows = await ewayBillsOf(db, loadIds);
  return new Map(rows.map((r) => [r.loadId, { number: r.number, validUntil: r.validUntil }]));
}
export { createEwayBillService } from "./ewaybill-service";
export { createSandboxEwb } from "./ewb";
