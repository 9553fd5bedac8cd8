/**
 * The sandbox IRP answers as NIC's does: IRN, acknowledgement, RS256-signed QR, duplicates, cancel
 * window. The real client's NIC encryption layer on the wire, against a local NIC stand-in (a
 * node:http server with its own RSA key pair that decrypts what we send and encrypts its answers).
 */
import {
  constants,
  createHash,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Einvoice } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aesEcb,
  createHttpIrp,
  createSandboxIrp,
  IRP_ERRORS,
  irnOf,
  irpConfigFrom,
  irpFromEnvironment,
  jwtData,
  type QrData,
} from "./irp";

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
      publicKey: null,
    });
    const pem = "-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----";
    expect(irpConfigFrom({ ...full, IRP_PUBLIC_KEY: pem })?.publicKey).toBe(
      "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
    );
    expect(irpFromEnvironment({ IRP_URL: "https://gsp.example/" }, () => new Date()).name).toBe("sandbox");
  });
});

/** PKCS#1 v1.5 decryption as the IRP does it (Node refuses the padding for private decryption, so it is undone here). */
function rsaPkcs1Decrypt(key: KeyObject, data: Buffer): Buffer {
  const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, data);
  const end = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || end < 10) throw new Error("not PKCS#1 v1.5 type 2");
  return block.subarray(end + 1);
}

/** What the NIC stand-in saw of each request, decrypted. */
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  cipherBytes?: number;
  auth?: { UserName: string; Password: string; AppKey: string; ForceRefreshAccessToken: boolean };
  payload?: unknown;
}

describe("NIC's encrypted API (the real client against a local NIC stand-in)", () => {
  const nic = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicPem = nic.publicKey.export({ type: "spki", format: "pem" }).toString();
  let clock = new Date("2026-10-05T12:00:00+05:30");
  // NIC's business answers are our sandbox's; the stand-in adds NIC's wire: RSA auth, SEK, AES payloads.
  const portal = createSandboxIrp(() => clock);
  const seen: Seen[] = [];
  const sessions = new Map<string, { sek: Buffer; sandboxToken: string }>();
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", async () => {
        const send = (body: unknown) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        };
        const path = req.url ?? "";
        const entry: Seen = { path, headers: req.headers };
        seen.push(entry);
        if (path === "/eivital/v1.04/auth") {
          const cipher = Buffer.from(JSON.parse(raw).Data, "base64");
          entry.cipherBytes = cipher.length;
          const plain = Buffer.from(rsaPkcs1Decrypt(nic.privateKey, cipher).toString("utf8"), "base64");
          const auth = JSON.parse(plain.toString("utf8"));
          entry.auth = auth;
          if (auth.Password !== "secret-pass" || req.headers.client_secret !== "cs")
            return send({ Status: 0, ErrorDetails: [{ ErrorCode: "1005", ErrorMessage: "Invalid Token" }] });
          const answer = await portal.auth(auth);
          if (answer.Status !== 1) return send(answer);
          const sek = randomBytes(32);
          const token = `NIC${sessions.size + 1}`;
          sessions.set(token, { sek, sandboxToken: answer.Data.AuthToken });
          const appKey = Buffer.from(auth.AppKey, "base64");
          return send({
            Status: 1,
            Data: {
              ...answer.Data,
              AuthToken: token,
              Sek: aesEcb("encrypt", appKey, sek).toString("base64"),
            },
            ErrorDetails: null,
          });
        }
        const session = sessions.get(String(req.headers.authtoken));
        if (!session) return send({ Status: 0, ErrorDetails: [IRP_ERRORS.badToken] });
        const payload = raw
          ? JSON.parse(
              aesEcb("decrypt", session.sek, Buffer.from(JSON.parse(raw).Data, "base64")).toString("utf8"),
            )
          : undefined;
        entry.payload = payload;
        const answer =
          path === "/eicore/v1.03/Invoice"
            ? await portal.generateIrn(session.sandboxToken, payload)
            : path === "/eicore/v1.03/Invoice/Cancel"
              ? await portal.cancelIrn(session.sandboxToken, payload)
              : await portal.getByIrn(session.sandboxToken, decodeURIComponent(path.split("/").pop() ?? ""));
        if (answer.Status !== 1) return send({ ...answer, Status: "0" });
        send({
          Status: "1",
          Data: aesEcb("encrypt", session.sek, Buffer.from(JSON.stringify(answer.Data))).toString("base64"),
          ErrorDetails: null,
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const env = () => ({
    IRP_URL: base,
    IRP_GSTIN: "27AABCB1234F1Z8",
    IRP_USERNAME: "portal-api",
    IRP_PASSWORD: "secret-pass",
    IRP_CLIENT_ID: "cid",
    IRP_CLIENT_SECRET: "cs",
    IRP_PUBLIC_KEY: publicPem.replaceAll("\n", "\\n"),
  });

  it("authenticates with the RSA-encrypted payload and its AppKey, then generates, gets and cancels with the SEK", async () => {
    const irp = irpFromEnvironment(env(), () => clock);
    expect(irp.name).toBe(new URL(base).host);
    const auth = await irp.auth({
      UserName: "ignored",
      Password: "",
      AppKey: "",
      ForceRefreshAccessToken: false,
    });
    if (auth.Status !== 1) throw new Error(`auth failed: ${JSON.stringify(auth)}`);
    expect(auth.Data.AuthToken).toBe("NIC1");
    const [login] = seen;
    // A 2048-bit key's PKCS#1 block: 256 bytes; inside, our credentials and a fresh 32-byte AppKey.
    expect(login?.cipherBytes).toBe(256);
    expect(login?.auth).toMatchObject({
      UserName: "portal-api",
      Password: "secret-pass",
      ForceRefreshAccessToken: false,
    });
    expect(Buffer.from(login?.auth?.AppKey ?? "", "base64")).toHaveLength(32);
    expect(login?.headers).toMatchObject({ client_id: "cid", client_secret: "cs", gstin: "27AABCB1234F1Z8" });

    const made = await irp.generateIrn("NIC1", einvoice);
    if (made.Status !== 1) throw new Error(`generate failed: ${JSON.stringify(made)}`);
    const irn = createHash("sha256").update("27AABCB1234F1Z82026-27INVIM02/2627/000016").digest("hex");
    expect(made.Data).toMatchObject({
      Irn: irn,
      AckNo: 112010000000001,
      AckDt: "2026-10-05 12:00:00",
      Status: "ACT",
    });
    // The IRP decrypted with the session key exactly the e-invoice we sent.
    expect(seen[1]).toMatchObject({ path: "/eicore/v1.03/Invoice", payload: einvoice });
    expect(seen[1]?.headers).toMatchObject({
      authtoken: "NIC1",
      user_name: "portal-api",
      gstin: "27AABCB1234F1Z8",
    });

    const duplicate = await irp.generateIrn("NIC1", einvoice);
    expect(duplicate).toMatchObject({
      Status: 0,
      ErrorDetails: [IRP_ERRORS.duplicate],
      InfoDtls: [{ InfCd: "DUPIRN", Desc: { Irn: irn, AckNo: 112010000000001 } }],
    });
    expect(await irp.getByIrn("NIC1", irn)).toMatchObject({ Status: 1, Data: { Irn: irn, Status: "ACT" } });
    clock = new Date(clock.getTime() + 3600_000);
    expect(await irp.cancelIrn("NIC1", { Irn: irn, CnlRsn: "2", CnlRem: "Data entry mistake" })).toEqual({
      Status: 1,
      Data: { Irn: irn, CancelDate: "2026-10-05 13:00:00" },
      ErrorDetails: null,
    });
    expect(seen.at(-1)).toMatchObject({
      path: "/eicore/v1.03/Invoice/Cancel",
      payload: { Irn: irn, CnlRsn: "2", CnlRem: "Data entry mistake" },
    });
    expect(await irp.getByIrn("NIC1", irn)).toMatchObject({ Status: 1, Data: { Status: "CNL" } });
  });

  it("answers the IRP's refusals as errors: wrong password, unknown token, an endpoint that is not there", async () => {
    const wrong = createHttpIrp({
      ...(irpConfigFrom(env()) as NonNullable<ReturnType<typeof irpConfigFrom>>),
      password: "nope",
    });
    expect(
      await wrong.auth({ UserName: "", Password: "", AppKey: "", ForceRefreshAccessToken: false }),
    ).toEqual({
      Status: 0,
      Data: null,
      ErrorDetails: [{ ErrorCode: "1005", ErrorMessage: "Invalid Token" }],
    });
    // A token this client holds no session key for is refused before anything is sent.
    const before = seen.length;
    expect(await wrong.generateIrn("NIC1", einvoice)).toMatchObject({
      Status: 0,
      ErrorDetails: [IRP_ERRORS.badToken],
    });
    expect(seen.length).toBe(before);
    const away = irpFromEnvironment({ ...env(), IRP_URL: "http://127.0.0.1:9/" }, () => clock);
    const answer = await away.auth({
      UserName: "",
      Password: "",
      AppKey: "",
      ForceRefreshAccessToken: false,
    });
    expect(answer).toMatchObject({ Status: 0, ErrorDetails: [{ ErrorCode: "NETWORK" }] });
  });
});
