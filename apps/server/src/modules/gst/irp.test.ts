/** The sandbox IRP answers as NIC's does: IRN, acknowledgement, RS256-signed QR, duplicates, cancel window. */
import { createHash, createVerify, type KeyObject } from "node:crypto";
import type { Einvoice } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { createSandboxIrp, IRP_ERRORS, irnOf, irpConfigFrom, jwtData, type QrData } from "./irp";

const einvoice = {
  Version: "1.1",
  TranDtls: { TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" },
  DocDtls: { Typ: "INV", No: "IM02/2627/000016", Dt: "05/10/2026" },
  SellerDtls: {
    Gstin: "27AABCB1234F1Z8",
    LglNm: "Little Steps",
    Addr1: "Gat 1",
    Loc: "Pune",
    Pin: 410501,
    Stcd: "27",
  },
  BuyerDtls: {
    Gstin: "29AAHFL3906R1ZM",
    LglNm: "Kids Mart",
    Pos: "29",
    Addr1: "Brigade Road",
    Loc: "Bengaluru",
    Pin: 560001,
    Stcd: "29",
  },
  DispDtls: { Nm: "Pune warehouse", Addr1: "Gat 1", Loc: "Pune", Pin: 410501, Stcd: "27" },
  ItemList: [],
  ValDtls: { AssVal: 100, CgstVal: 0, SgstVal: 0, IgstVal: 5, TotInvVal: 105 },
} as unknown as Einvoice;

function verifies(jwt: string, key: KeyObject): boolean {
  const [head, body, signature] = jwt.split(".");
  return createVerify("RSA-SHA256")
    .update(`${head}.${body}`)
    .verify(key, Buffer.from(signature ?? "", "base64url"));
}

describe("the sandbox IRP", () => {
  it("round trip: auth, generate, duplicate, get, cancel, cancel again", async () => {
    let clock = new Date("2026-10-05T12:00:00+05:30");
    const irp = createSandboxIrp(() => clock);
    const auth = await irp.auth({
      UserName: "portal",
      Password: "",
      AppKey: "",
      ForceRefreshAccessToken: false,
    });
    if (auth.Status !== 1) throw new Error("auth failed");
    expect(auth.Data.TokenExpiry).toBe("2026-10-05 18:00:00");
    const token = auth.Data.AuthToken;

    const made = await irp.generateIrn(token, einvoice);
    if (made.Status !== 1) throw new Error("generate failed");
    const irn = createHash("sha256").update("27AABCB1234F1Z82026-27INVIM02/2627/000016").digest("hex");
    expect(irnOf(einvoice)).toBe(irn);
    expect(made.Data).toMatchObject({
      Irn: irn,
      AckNo: 112010000000001,
      AckDt: "2026-10-05 12:00:00",
      Status: "ACT",
    });
    expect(verifies(made.Data.SignedQRCode, irp.publicKey)).toBe(true);
    expect(verifies(made.Data.SignedInvoice, irp.publicKey)).toBe(true);
    expect(jwtData<QrData>(made.Data.SignedQRCode)).toEqual({
      SellerGstin: "27AABCB1234F1Z8",
      BuyerGstin: "29AAHFL3906R1ZM",
      DocNo: "IM02/2627/000016",
      DocTyp: "INV",
      DocDt: "05/10/2026",
      TotInvVal: 105,
      ItemCnt: 0,
      MainHsnCode: "",
      Irn: irn,
      IrnDt: "2026-10-05 12:00:00",
    });

    const twice = await irp.generateIrn(token, einvoice);
    expect(twice).toEqual({
      Status: 0,
      Data: null,
      ErrorDetails: [IRP_ERRORS.duplicate],
      InfoDtls: [
        { InfCd: "DUPIRN", Desc: { AckNo: 112010000000001, AckDt: "2026-10-05 12:00:00", Irn: irn } },
      ],
    });
    expect(await irp.getByIrn(token, irn)).toMatchObject({ Status: 1, Data: { Irn: irn, Status: "ACT" } });
    expect(await irp.getByIrn("stolen", irn)).toMatchObject({
      Status: 0,
      ErrorDetails: [IRP_ERRORS.badToken],
    });

    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    expect(await irp.cancelIrn(token, { Irn: irn, CnlRsn: "1", CnlRem: "Duplicate" })).toMatchObject({
      Status: 0,
      ErrorDetails: [IRP_ERRORS.cancelWindow],
    });
    clock = new Date(clock.getTime() - 2000);
    expect(await irp.cancelIrn(token, { Irn: irn, CnlRsn: "1", CnlRem: "Duplicate" })).toEqual({
      Status: 1,
      Data: { Irn: irn, CancelDate: "2026-10-06 11:59:59" },
      ErrorDetails: null,
    });
    expect(await irp.getByIrn(token, irn)).toMatchObject({ Status: 1, Data: { Status: "CNL" } });
    expect(await irp.cancelIrn(token, { Irn: irn, CnlRsn: "1", CnlRem: "Duplicate" })).toMatchObject({
      Status: 0,
      ErrorDetails: [IRP_ERRORS.cancelled],
    });
  });

  it("is used unless IRP_URL and every credential are configured", () => {
    expect(irpConfigFrom({})).toBeNull();
    expect(irpConfigFrom({ IRP_URL: "https://gsp.example/" })).toBeNull();
    const full = {
      IRP_URL: "https://gsp.example/",
      IRP_GSTIN: "27AABCB1234F1Z8",
      IRP_USERNAME: "u",
      IRP_PASSWORD: "p",
      IRP_CLIENT_ID: "c",
      IRP_CLIENT_SECRET: "s",
    };
    expect(irpConfigFrom(full)).toEqual({
      url: "https://gsp.example/",
      gstin: "27AABCB1234F1Z8",
      username: "u",
      password: "p",
      clientId: "c",
      clientSecret: "s",
    });
  });
});
