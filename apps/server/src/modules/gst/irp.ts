/**
 * The Invoice Registration Portal (IRP) behind one interface, with the NIC e-invoice API's request
 * and response shapes (API v1.03/1.04): authenticate, generate an IRN, cancel it (within 24 hours),
 * get an e-invoice by its IRN.
 *
 * - `createSandboxIrp`: our own IRP that answers as NIC's does, so the whole flow runs here. The IRN
 *   is the SHA-256 (hex) of the seller's GSTIN, the financial year, the document type and number;
 *   the acknowledgement number counts up; the signed QR code is a JWT (RS256) signed with a key pair
 *   made when the sandbox starts (node:crypto).
 * - `createHttpIrp`: a real endpoint from configuration (IRP_URL, IRP_GSTIN, IRP_USERNAME,
 *   IRP_PASSWORD, IRP_CLIENT_ID, IRP_CLIENT_SECRET). With IRP_PUBLIC_KEY (the IRP's RSA public key,
 *   PEM) it speaks NIC's direct API with its encryption (`createNicIrp`): the auth payload
 *   RSA-encrypted (PKCS#1 v1.5) with a random 32-byte AppKey inside, the session key (SEK) it answers
 *   AES-256-ECB-decrypted with that AppKey, and every later request's and answer's `Data`
 *   AES-256-ECB-encrypted with the SEK. Without the key, plain JSON with the credentials in the
 *   headers, as GSPs take it. Without IRP_URL and its credentials nothing is sent anywhere: the
 *   sandbox answers.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  publicEncrypt,
  randomBytes,
} from "node:crypto";
import { type Einvoice, financialYearOf } from "@portal/domain";

/** An IRP error as NIC answers it: `ErrorDetails: [{ ErrorCode, ErrorMessage }]`. */
export interface IrpErrorDetail {
  ErrorCode: string;
  ErrorMessage: string;
}
export type IrpResponse<T> =
  | { Status: 1; Data: T; ErrorDetails: null; InfoDtls?: unknown }
  | {
      Status: 0;
      Data: null;
      ErrorDetails: IrpErrorDetail[];
      /** On a duplicate (2150) the IRP names the IRN it already gave: InfCd "DUPIRN". */
      InfoDtls?: { InfCd: string; Desc: { AckNo: number; AckDt: string; Irn: string } }[];
    };

/** POST /eivital/v1.04/auth */
export interface IrpAuthRequest {
  UserName: string;
  Password: string;
  AppKey: string;
  ForceRefreshAccessToken: boolean;
}
export interface IrpAuthData {
  ClientId: string;
  UserName: string;
  AuthToken: string;
  Sek: string;
  /** yyyy-MM-dd HH:mm:ss, India time */
  TokenExpiry: string;
}
/** POST /eicore/v1.03/Invoice: the e-invoice JSON itself. Answer: */
export interface IrpGenerateData {
  AckNo: number;
  /** yyyy-MM-dd HH:mm:ss, India time */
  AckDt: string;
  Irn: string;
  SignedInvoice: string;
  SignedQRCode: string;
  Status: "ACT" | "CNL";
  EwbNo: number | null;
  EwbDt: string | null;
  EwbValidTill: string | null;
  Remarks: string | null;
}
/** POST /eicore/v1.03/Invoice/Cancel; CnlRsn 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
export interface IrpCancelRequest {
  Irn: string;
  CnlRsn: "1" | "2" | "3" | "4";
  CnlRem: string;
}
export interface IrpCancelData {
  Irn: string;
  CancelDate: string;
}
/** GET /eicore/v1.03/Invoice/irn/{irn}: the generate answer again. */
export type IrpGetData = IrpGenerateData;

export interface IrpClient {
  /** Which IRP answers: "sandbox" (ours) or the configured endpoint's address. */
  readonly name: string;
  auth(request: IrpAuthRequest): Promise<IrpResponse<IrpAuthData>>;
  generateIrn(token: string, einvoice: Einvoice): Promise<IrpResponse<IrpGenerateData>>;
  cancelIrn(token: string, request: IrpCancelRequest): Promise<IrpResponse<IrpCancelData>>;
  getByIrn(token: string, irn: string): Promise<IrpResponse<IrpGetData>>;
}

/** NIC's error codes the sandbox answers with. */
export const IRP_ERRORS = {
  duplicate: { ErrorCode: "2150", ErrorMessage: "Duplicate IRN" },
  notFound: {
    ErrorCode: "2283",
    ErrorMessage: "IRN details cannot be provided as it is generated more than 2 days ago or does not exist",
  },
  cancelled: { ErrorCode: "9999", ErrorMessage: "Invoice is not active" },
  cancelWindow: {
    ErrorCode: "2265",
    ErrorMessage: "The allowed cancellation time limit is crossed, you cannot cancel the IRN",
  },
  badToken: { ErrorCode: "1005", ErrorMessage: "Invalid Token" },
} as const satisfies Record<string, IrpErrorDetail>;

/** How long after its acknowledgement an IRN may be cancelled. */
export const IRN_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The IRN of a document: SHA-256 (hex) of seller GSTIN, financial year, document type and number. */
export function irnOf(einvoice: Einvoice): string {
  const [d, m, y] = einvoice.DocDtls.Dt.split("/");
  const fy = financialYearOf(`${y}-${m}-${d}`);
  return createHash("sha256")
    .update(`${einvoice.SellerDtls.Gstin}${fy}${einvoice.DocDtls.Typ}${einvoice.DocDtls.No.toUpperCase()}`)
    .digest("hex");
}

/** An India time as the IRP writes it: yyyy-MM-dd HH:mm:ss. */
export function irpDateTime(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  return india.toISOString().slice(0, 19).replace("T", " ");
}
/** The instant of an IRP date-time (India time). */
export const irpInstant = (value: string) => new Date(`${value.replace(" ", "T")}+05:30`);

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** A JWT (RS256) of a payload, signed with a private key. */
function signJwt(payload: object, key: KeyObject): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(payload));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${base64url(signature)}`;
}

/** The payload the IRP signs into the QR code (its `data` claim is this object as JSON). */
export interface QrData {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: string;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

/** The `data` claim of a signed QR code or signed invoice (no signature check: see `verifyJwt`). */
export function jwtData<T>(jwt: string): T {
  const body = jwt.split(".")[1] ?? "";
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { data: string };
  return JSON.parse(claims.data) as T;
}

/** Our IRP: answers as NIC's does, holding what it registered in memory (it stands for the remote portal). */
export function createSandboxIrp(now: () => Date): IrpClient & { publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const tokens = new Set<string>();
  const registered = new Map<string, { data: IrpGenerateData; ackAt: Date }>();
  /** Acknowledgement numbers are 15 digits. */
  let lastAck = 112_010_000_000_000;
  const fail = <T>(e: IrpErrorDetail): IrpResponse<T> => ({ Status: 0, Data: null, ErrorDetails: [e] });
  const ok = <T>(Data: T): IrpResponse<T> => ({ Status: 1, Data, ErrorDetails: null });

  return {
    name: "sandbox",
    publicKey,
    async auth(request) {
      const token = createHash("sha256")
        .update(`${request.UserName}:${now().getTime()}:${tokens.size}`)
        .digest("base64url");
      tokens.add(token);
      return ok({
        ClientId: "SANDBOX",
        UserName: request.UserName,
        AuthToken: token,
        Sek: base64url(createHash("sha256").update(token).digest()),
        TokenExpiry: irpDateTime(new Date(now().getTime() + 6 * 3600_000)),
      });
    },
    async generateIrn(token, einvoice) {
      if (!tokens.has(token)) return fail(IRP_ERRORS.badToken);
      const irn = irnOf(einvoice);
      const known = registered.get(irn);
      if (known) {
        const { AckNo, AckDt, Irn } = known.data;
        return {
          Status: 0,
          Data: null,
          ErrorDetails: [IRP_ERRORS.duplicate],
          InfoDtls: [{ InfCd: "DUPIRN", Desc: { AckNo, AckDt, Irn } }],
        };
      }
      const at = now();
      const ackAt = new Date(Math.floor(at.getTime() / 1000) * 1000);
      lastAck += 1;
      const AckDt = irpDateTime(ackAt);
      const qr: QrData = {
        SellerGstin: einvoice.SellerDtls.Gstin,
        BuyerGstin: einvoice.BuyerDtls.Gstin,
        DocNo: einvoice.DocDtls.No,
        DocTyp: einvoice.DocDtls.Typ,
        DocDt: einvoice.DocDtls.Dt,
        TotInvVal: einvoice.ValDtls.TotInvVal,
        ItemCnt: einvoice.ItemList.length,
        MainHsnCode: einvoice.ItemList[0]?.HsnCd ?? "",
        Irn: irn,
        IrnDt: AckDt,
      };
      const data: IrpGenerateData = {
        AckNo: lastAck,
        AckDt,
        Irn: irn,
        SignedInvoice: signJwt(
          { data: JSON.stringify({ ...einvoice, Irn: irn, AckNo: lastAck, AckDt }), iss: "NIC Sandbox" },
          privateKey,
        ),
        SignedQRCode: signJwt({ data: JSON.stringify(qr), iss: "NIC Sandbox" }, privateKey),
        Status: "ACT",
        EwbNo: null,
        EwbDt: null,
        EwbValidTill: null,
        Remarks: null,
      };
      registered.set(irn, { data, ackAt });
      return ok(data);
    },
    async cancelIrn(token, request) {
      if (!tokens.has(token)) return fail(IRP_ERRORS.badToken);
      const known = registered.get(request.Irn);
      if (!known) return fail(IRP_ERRORS.notFound);
      if (known.data.Status === "CNL") return fail(IRP_ERRORS.cancelled);
      if (now().getTime() - known.ackAt.getTime() > IRN_CANCEL_WINDOW_MS)
        return fail(IRP_ERRORS.cancelWindow);
      known.data = { ...known.data, Status: "CNL" };
      return ok({ Irn: request.Irn, CancelDate: irpDateTime(now()) });
    },
    async getByIrn(token, irn) {
      if (!tokens.has(token)) return fail(IRP_ERRORS.badToken);
      const known = registered.get(irn);
      return known ? ok(known.data) : fail(IRP_ERRORS.notFound);
    },
  };
}

export interface IrpConfig {
  url: string;
  gstin: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
  /** The IRP's RSA public key (PEM) for NIC's encrypted API; null to speak plain JSON to a GSP. */
  publicKey: string | null;
}

/** The configured IRP, or null when IRP_URL or any credential is missing (then the sandbox answers). */
export function irpConfigFrom(env: NodeJS.ProcessEnv): IrpConfig | null {
  const c = {
    url: env.IRP_URL ?? "",
    gstin: env.IRP_GSTIN ?? "",
    username: env.IRP_USERNAME ?? "",
    password: env.IRP_PASSWORD ?? "",
    clientId: env.IRP_CLIENT_ID ?? "",
    clientSecret: env.IRP_CLIENT_SECRET ?? "",
  };
  // A PEM in one environment line may write its line breaks as "\n".
  const pem = (env.IRP_PUBLIC_KEY ?? "").replace(/\\n/g, "\n").trim();
  return Object.values(c).every((v) => v.trim() !== "") ? { ...c, publicKey: pem === "" ? null : pem } : null;
}

/** An answer that is not the IRP's JSON (the network, a proxy or the portal failing) as an IRP error. */
const transportError = <T>(code: string, message: string): IrpResponse<T> => ({
  Status: 0,
  Data: null,
  ErrorDetails: [{ ErrorCode: code, ErrorMessage: message.slice(0, 500) }],
});

/** Sends one request and reads the IRP's JSON answer; a failure to reach it or to read it is an IRP error. */
async function exchange(url: URL, init: RequestInit): Promise<Record<string, unknown> | IrpResponse<never>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    return transportError("NETWORK", `The IRP at ${url.host} did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return transportError(`HTTP${response.status}`, `The IRP answered ${response.status} without JSON`);
  }
}

/** AES-256-ECB (PKCS#7 padding), as NIC encrypts the SEK and every payload. */
export function aesEcb(direction: "encrypt" | "decrypt", key: Buffer, data: Buffer): Buffer {
  const cipher =
    direction === "encrypt"
      ? createCipheriv("aes-256-ecb", key, null)
      : createDecipheriv("aes-256-ecb", key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** NIC's direct e-invoice API with its encryption layer (see the file's head). */
export function createNicIrp(config: IrpConfig & { publicKey: string }): IrpClient {
  const publicKey = createPublicKey(config.publicKey);
  /** Each auth token's session key (SEK), as the IRP gave it for this client's AppKey. */
  const sessions = new Map<string, Buffer>();
  const headers = (token?: string) => ({
    "content-type": "application/json",
    client_id: config.clientId,
    client_secret: config.clientSecret,
    Gstin: config.gstin,
    user_name: config.username,
    ...(token ? { AuthToken: token } : {}),
  });
  const url = (path: string) => new URL(path, config.url);
  const isSuccess = (answer: Record<string, unknown>) => String(answer.Status) === "1";
  const failure = <T>(answer: Record<string, unknown>): IrpResponse<T> => ({
    Status: 0,
    Data: null,
    ErrorDetails: (answer.ErrorDetails as IrpErrorDetail[] | null) ?? [
      { ErrorCode: "IRP", ErrorMessage: "refused without a reason" },
    ],
    ...(answer.InfoDtls ? { InfoDtls: answer.InfoDtls as never } : {}),
  });

  /** One call with the session key: `Data` encrypted both ways. */
  async function call<T>(method: "GET" | "POST", path: string, token: string, body?: unknown) {
    const sek = sessions.get(token);
    if (!sek) return failure<T>({ ErrorDetails: [IRP_ERRORS.badToken] });
    const answer = await exchange(url(path), {
      method,
      headers: headers(token),
      body:
        body === undefined
          ? undefined
          : JSON.stringify({
              Data: aesEcb("encrypt", sek, Buffer.from(JSON.stringify(body))).toString("base64"),
            }),
    });
    if (!isSuccess(answer)) return failure<T>(answer);
    try {
      const data = aesEcb("decrypt", sek, Buffer.from(String(answer.Data), "base64")).toString("utf8");
      return { Status: 1, Data: JSON.parse(data) as T, ErrorDetails: null } as IrpResponse<T>;
    } catch {
      return transportError<T>("DECRYPT", "The IRP's answer could not be decrypted with the session key");
    }
  }

  return {
    name: url("/").host,
    async auth(request) {
      const appKey = randomBytes(32);
      const payload = JSON.stringify({
        UserName: config.username,
        Password: config.password,
        AppKey: appKey.toString("base64"),
        ForceRefreshAccessToken: request.ForceRefreshAccessToken,
      });
      const data = publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(Buffer.from(payload).toString("base64")),
      );
      const answer = await exchange(url("/eivital/v1.04/auth"), {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ Data: data.toString("base64") }),
      });
      if (!isSuccess(answer)) return failure<IrpAuthData>(answer);
      const auth = answer.Data as IrpAuthData;
      try {
        sessions.set(auth.AuthToken, aesEcb("decrypt", appKey, Buffer.from(auth.Sek, "base64")));
      } catch {
        return transportError("DECRYPT", "The IRP's session key could not be decrypted with our AppKey");
      }
      return { Status: 1, Data: auth, ErrorDetails: null };
    },
    generateIrn: (token, einvoice) => call("POST", "/eicore/v1.03/Invoice", token, einvoice),
    cancelIrn: (token, request) => call("POST", "/eicore/v1.03/Invoice/Cancel", token, request),
    getByIrn: (token, irn) => call("GET", `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`, token),
  };
}

/** A real IRP at the configured address: NIC's encrypted API with IRP_PUBLIC_KEY, else plain JSON (a GSP). */
export function createHttpIrp(config: IrpConfig): IrpClient {
  const { publicKey } = config;
  if (publicKey) return createNicIrp({ ...config, publicKey });
  const headers = (token?: string) => ({
    "content-type": "application/json",
    client_id: config.clientId,
    client_secret: config.clientSecret,
    gstin: config.gstin,
    user_name: config.username,
    ...(token ? { authtoken: token } : {}),
  });
  async function call<T>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<IrpResponse<T>> {
    return (await exchange(new URL(path, config.url), {
      method,
      headers: headers(token),
      body: body === undefined ? undefined : JSON.stringify(body),
    })) as IrpResponse<T>;
  }
  return {
    name: new URL(config.url).host,
    auth: (request) =>
      call("POST", "/eivital/v1.04/auth", undefined, { ...request, Password: config.password }),
    generateIrn: (token, einvoice) => call("POST", "/eicore/v1.03/Invoice", token, einvoice),
    cancelIrn: (token, request) => call("POST", "/eicore/v1.03/Invoice/Cancel", token, request),
    getByIrn: (token, irn) => call("GET", `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`, token),
  };
}

/** The IRP the app talks to: the configured endpoint when IRP_URL and its credentials are set, else our sandbox. */
export const irpFromEnvironment = (env: NodeJS.ProcessEnv, now: () => Date): IrpClient => {
  const config = irpConfigFrom(env);
  return config ? createHttpIrp(config) : createSandboxIrp(now);
};
