/**
 * NIC's e-way bill system behind one interface, with the e-way bill API's request and response
 * shapes (API v1.03 for GSPs and ERPs): authenticate, generate an e-way bill (EWB-01), get one by
 * its number.
 *
 * - `createSandboxEwb`: our own e-way bill system that answers as NIC's does, so the whole flow runs
 *   here. The number is 12 digits derived from the SHA-256 of the consignor's GSTIN, the document
 *   type and number (the same document always gets the same number, and a second request for it is
 *   refused with NIC's error 604); the validity is one day per 200 km (or part of it) from the day of
 *   generation, ending 23:59 India time.
 * - `createHttpEwb`: a real endpoint (a GSP's) from configuration (EWB_URL, EWB_GSTIN, EWB_USERNAME,
 *   EWB_PASSWORD, EWB_CLIENT_ID, EWB_CLIENT_SECRET), plain JSON with the credentials in the headers as
 *   GSPs take them. Without EWB_URL and its credentials nothing is sent anywhere: the sandbox answers.
 *   (NIC's direct API also wants the payload AES-encrypted with the session key; not implemented.)
 */
import { createHash } from "node:crypto";
import { type EwayBill, ewayBillDateTime, ewayBillValidUntil } from "@portal/domain";

/** NIC answers `status` "1" with `data`, or "0" with `error` ({ errorCodes: "604," } as NIC writes it). */
export type EwbResponse<T> =
  | { status: "1"; data: T; error?: undefined }
  | { status: "0"; data?: undefined; error: { errorCodes: string; message: string } };

/** POST /ewaybillapi/v1.03/auth */
export interface EwbAuthRequest {
  action: "ACCESSTOKEN";
  username: string;
  password: string;
  app_key: string;
}
export interface EwbAuthData {
  authtoken: string;
  sek: string;
  /** dd/MM/yyyy hh:mm:ss AM, India time */
  tokenExpiry: string;
}
/** POST /ewaybillapi/v1.03/ewayapi?action=GENEWAYBILL: the EWB-01 JSON. Answer: */
export interface EwbGenerateData {
  ewayBillNo: number;
  /** dd/MM/yyyy hh:mm:ss AM, India time */
  ewayBillDate: string;
  validUpto: string;
  alert: string;
}
/** GET /ewaybillapi/v1.03/ewayapi/GetEwayBill?ewbNo=…: the bill as registered. */
export interface EwbGetData {
  ewbNo: number;
  ewayBillDate: string;
  validUpto: string;
  status: "ACT" | "CNL";
  docNo: string;
  fromGstin: string;
  toGstin: string;
  totInvValue: number;
  actualDist: number;
}

export interface EwbClient {
  /** Which system answers: "sandbox" (ours) or the configured endpoint's host. */
  readonly name: string;
  auth(request: EwbAuthRequest): Promise<EwbResponse<EwbAuthData>>;
  generate(token: string, bill: EwayBill): Promise<EwbResponse<EwbGenerateData>>;
  get(token: string, ewbNo: string): Promise<EwbResponse<EwbGetData>>;
}

/** NIC's error codes the sandbox answers with. */
export const EWB_ERRORS = {
  badToken: { errorCodes: "238", message: "Invalid auth token" },
  duplicate: {
    errorCodes: "604",
    message:
      "E-way bill(s) are already generated for the same document number, you cannot generate again on same document number",
  },
  notFound: { errorCodes: "325", message: "Could not retrieve data" },
  badDistance: { errorCodes: "702", message: "The distance between the pincodes given is too high" },
} as const;

/** The sandbox's e-way bill number of a document: 12 digits (first 1–9) from SHA-256 of GSTIN, type and number. */
export function ewayBillNumberOf(bill: Pick<EwayBill, "fromGstin" | "docType" | "docNo">): string {
  const hex = createHash("sha256")
    .update(`${bill.fromGstin}${bill.docType}${bill.docNo.toUpperCase()}`)
    .digest("hex");
  return String((BigInt(`0x${hex}`) % 900_000_000_000n) + 100_000_000_000n);
}

/** Our e-way bill system: answers as NIC's does, holding what it generated in memory (it stands for the remote system). */
export function createSandboxEwb(now: () => Date): EwbClient {
  const tokens = new Set<string>();
  const generated = new Map<string, EwbGetData>();
  const fail = <T>(e: { errorCodes: string; message: string }): EwbResponse<T> => ({ status: "0", error: e });
  const ok = <T>(data: T): EwbResponse<T> => ({ status: "1", data });
  return {
    name: "sandbox",
    async auth(request) {
      const token = createHash("sha256")
        .update(`${request.username}:${now().getTime()}:${tokens.size}`)
        .digest("base64url");
      tokens.add(token);
      return ok({
        authtoken: token,
        sek: createHash("sha256").update(token).digest("base64"),
        tokenExpiry: ewayBillDateTime(new Date(now().getTime() + 6 * 3600_000)),
      });
    },
    async generate(token, bill) {
      if (!tokens.has(token)) return fail(EWB_ERRORS.badToken);
      const km = Number(bill.transDistance);
      if (!Number.isInteger(km) || km > 4000) return fail(EWB_ERRORS.badDistance);
      const number = ewayBillNumberOf(bill);
      if (generated.has(number)) return fail(EWB_ERRORS.duplicate);
      const at = new Date(Math.floor(now().getTime() / 1000) * 1000);
      const data: EwbGenerateData = {
        ewayBillNo: Number(number),
        ewayBillDate: ewayBillDateTime(at),
        validUpto: ewayBillDateTime(ewayBillValidUntil(at, km)),
        alert: "",
      };
      generated.set(number, {
        ewbNo: data.ewayBillNo,
        ewayBillDate: data.ewayBillDate,
        validUpto: data.validUpto,
        status: "ACT",
        docNo: bill.docNo,
        fromGstin: bill.fromGstin,
        toGstin: bill.toGstin,
        totInvValue: bill.totInvValue,
        actualDist: km,
      });
      return ok(data);
    },
    async get(token, ewbNo) {
      if (!tokens.has(token)) return fail(EWB_ERRORS.badToken);
      const known = generated.get(ewbNo);
      return known ? ok(known) : fail(EWB_ERRORS.notFound);
    },
  };
}

export interface EwbConfig {
  url: string;
  gstin: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret: string;
}

/** The configured e-way bill system, or null when EWB_URL or any credential is missing (then the sandbox answers). */
export function ewbConfigFrom(env: NodeJS.ProcessEnv): EwbConfig | null {
  const c = {
    url: env.EWB_URL ?? "",
    gstin: env.EWB_GSTIN ?? "",
    username: env.EWB_USERNAME ?? "",
    password: env.EWB_PASSWORD ?? "",
    clientId: env.EWB_CLIENT_ID ?? "",
    clientSecret: env.EWB_CLIENT_SECRET ?? "",
  };
  return Object.values(c).every((v) => v.trim() !== "") ? c : null;
}

/** A real e-way bill system (through a GSP) at the configured address. */
export function createHttpEwb(config: EwbConfig): EwbClient {
  const headers = (token?: string) => ({
    "content-type": "application/json",
    client_id: config.clientId,
    client_secret: config.clientSecret,
    gstin: config.gstin,
    ...(token ? { authtoken: token } : {}),
  });
  async function call<T>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<EwbResponse<T>> {
    const response = await fetch(new URL(path, config.url), {
      method,
      headers: headers(token),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return (await response.json()) as EwbResponse<T>;
  }
  return {
    name: new URL(config.url).host,
    auth: (request) =>
      call("POST", "/ewaybillapi/v1.03/auth", undefined, {
        ...request,
        username: config.username,
        password: config.password,
      }),
    generate: (token, bill) => call("POST", "/ewaybillapi/v1.03/ewayapi?action=GENEWAYBILL", token, bill),
    get: (token, ewbNo) =>
      call("GET", `/ewaybillapi/v1.03/ewayapi/GetEwayBill?ewbNo=${encodeURIComponent(ewbNo)}`, token),
  };
}

/** The e-way bill system the app talks to: the configured endpoint when EWB_URL and its credentials are set, else our sandbox. */
export const ewbFromEnvironment = (env: NodeJS.ProcessEnv, now: () => Date): EwbClient => {
  const config = ewbConfigFrom(env);
  return config ? createHttpEwb(config) : createSandboxEwb(now);
};
