/**
 * Waybill documents with the S3 file store: the app built on a real S3-compatible server (s3rver over
 * HTTP) keeps the uploaded PDF in the bucket and serves it back through the signed address.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { s3FileStore } from "../../lib/s3-file-store";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { startS3Server } from "../../test/s3-server";
import { madePdf, paddedPdf } from "../../test/waybill-test-pdf";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

beforeAll(async () => {
  s3 = await startS3Server("portal-waybills");
  world = await createTestWorld({ fileStore: s3FileStore(s3.config) });
  kit = await backOfficeKit(world);
}, 120_000);
afterAll(async () => {
  await world?.close();
  await s3?.close();
});

it("uploads a waybill PDF into the bucket and downloads it through the signed address", async () => {
  const { poid } = await kit.order([2]);
  await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {});
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Blue Dart",
    docketNo: "BDS3",
  });
  await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
  const w = (
    await kit.call("POST", "/api/admin/waybills", { loadId: load.id, comment: "Please upload" })
  ).json();

  const pdf = paddedPdf(await madePdf(), 20_000);
  const boundary = "----portalS3Boundary";
  const fields = {
    loadid: String(load.id),
    requestid: w.requestId,
    comment: "In the bucket",
    status: "Closed",
    action: "Update",
    actionby: "partner",
    requesttype: "waybill",
  };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s3-waybill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const saved = await world.app.inject({
    method: "POST",
    url: "/api/waybill/saveWaybillDoc",
    headers: { ...kit.franchisee, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(saved.statusCode).toBe(200);
  const docPath: string = saved.json().waybill.files[0].path;
  expect(docPath).toMatch(new RegExp(`^waybills/${w.id}/[A-Za-z0-9_-]+\\.pdf$`));

  // The document is in the bucket, read back with a store of its own.
  const bucket = s3FileStore(s3.config);
  expect(await bucket.list(`waybills/${w.id}`)).toEqual([docPath]);
  expect(await bucket.size(docPath)).toBe(pdf.length);

  const { url } = (
    await world.app.inject({
      method: "POST",
      url: "/api/waybill/download",
      headers: kit.franchisee,
      payload: { path: docPath },
    })
  ).json();
  expect(url.startsWith(`/api/files/${docPath}?expires=`)).toBe(true);
  const file = await world.app.inject({ method: "GET", url });
  expect(file.statusCode).toBe(200);
  expect(file.headers["content-type"]).toBe("application/pdf");
  expect(file.headers["accept-ranges"]).toBe("bytes");
  expect(file.headers["content-length"]).toBe(String(pdf.length));
  expect(file.rawPayload.equals(pdf)).toBe(true);

  // Byte ranges are read from the bucket as ranges.
  const ranged = (range: string) => world.app.inject({ method: "GET", url, headers: { range } });
  const head = await ranged("bytes=0-7");
  expect(head.statusCode).toBe(206);
  expect(head.headers["content-range"]).toBe(`bytes 0-7/${pdf.length}`);
  expect(head.headers["content-length"]).toBe("8");
  expect(head.headers["accept-ranges"]).toBe("bytes");
  expect(head.rawPayload.equals(pdf.subarray(0, 8))).toBe(true);
  expect(head.rawPayload.toString()).toMatch(/^%PDF-1\.\d$/);
  const tail = await ranged("bytes=-7");
  expect(tail.statusCode).toBe(206);
  expect(tail.headers["content-range"]).toBe(`bytes ${pdf.length - 7}-${pdf.length - 1}/${pdf.length}`);
  expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 7))).toBe(true);
  const middle = await ranged("bytes=1000-1999");
  expect(middle.statusCode).toBe(206);
  expect(middle.rawPayload.equals(pdf.subarray(1000, 2000))).toBe(true);
  const first = await ranged("bytes=0-0");
  expect(first.headers["content-range"]).toBe(`bytes 0-0/${pdf.length}`);
  expect(first.rawPayload.toString()).toBe("%");
  const outside = await ranged(`bytes=${pdf.length}-`);
  expect(outside.statusCode).toBe(416);
  expect(outside.headers["content-range"]).toBe(`bytes */${pdf.length}`);
  const several = await ranged("bytes=0-7,100-107");
  expect(several.statusCode).toBe(200);
  expect(several.rawPayload.equals(pdf)).toBe(true);

  // One character of the signature changed (to another one: the signature may start with "x").
  const tamperedUrl = url.replace(
    /signature=(.)/,
    (_: string, c: string) => `signature=${c === "x" ? "y" : "x"}`,
  );
  expect(tamperedUrl).not.toBe(url);
  const tampered = await world.app.inject({ method: "GET", url: tamperedUrl });
  expect(tampered.statusCode).toBe(403);
});
