/**
 * A real S3-compatible server for tests: s3rver (pure Node, from npm) on 127.0.0.1 with an ephemeral
 * port and a fresh folder, one bucket made. The S3 file store talks to it over HTTP with the AWS SDK.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StoreConfig } from "../lib/s3-file-store";

export async function startS3Server(bucket = "portal-test"): Promise<{
  config: S3StoreConfig;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(tmpdir(), "portal-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's fixed credentials
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
