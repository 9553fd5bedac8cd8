import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.join(here, "../../test/shutdown-server.ts");

interface Child {
  process: ChildProcess;
  lines: string[];
  waitFor(line: string | RegExp, withinMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; at: number }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts the shutdown test's server as a child process (PGlite in memory, job runner on). */
function startServer(shutdownTimeoutMs: number): Child {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: path.resolve(here, "../../.."),
    env: { ...process.env, SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs), VITEST: "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const lines: string[] = [];
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  let buffered = "";
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  child.stdout?.on("data", (chunk) => {
    buffered += String(chunk);
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) if (w.match(line)) w.resolve(line);
    }
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: performance.now() })),
  );
  return {
    process: child,
    lines,
    exited,
    waitFor(want, withinMs = 60_000) {
      const match = (l: string) => (typeof want === "string" ? l === want : want.test(l));
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no "${want}" within ${withinMs} ms; output: ${lines.join(" | ")} ${stderr}`)),
          withinMs,
        );
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}

/** One GET on its own connection: the status and body, or the error code of the connection. */
function get(port: number, url: string): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: url, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += String(c);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

describe("graceful shutdown (SIGTERM)", () => {
  it("answers every request in flight and finishes the claimed job, refuses new connections, exits 0 in time", async () => {
    const server = startServer(8000);
    const port = Number((await server.waitFor(/^port \d+$/)).split(" ")[1]);
    await server.waitFor("job-claimed");
    const held = Array.from({ length: 10 }, () => get(port, "/test/held"));
    await expect.poll(() => server.lines.filter((l) => l === "held").length, { timeout: 30_000 }).toBe(10);

    const signalled = performance.now();
    server.process.kill("SIGTERM");
    await server.waitFor("shutdown-began");
    await server.waitFor("not-listening");
    expect(await get(port, "/api/health")).toEqual({ error: "ECONNREFUSED" });
    // Nothing has closed while the requests and the job are held.
    expect(server.lines).not.toContain("database-closing");
    expect(server.process.exitCode).toBeNull();

    server.process.stdin?.write("release\n");
    const answers = await Promise.all(held);
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: '{"done":true}' })));
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(8000);
    const order = ["shutdown-began", "not-listening", "job-finished", "database-closing"];
    expect(server.lines.filter((l) => order.includes(l))).toEqual(order);
  }, 90_000);

  it("cuts what still runs at SHUTDOWN_TIMEOUT_MS and exits 1", async () => {
    const server = startServer(1500);
    const port = Number((await server.waitFor(/^port \d+$/)).split(" ")[1]);
    const held = get(port, "/test/held");
    await server.waitFor("held");
    const signalled = performance.now();
    server.process.kill("SIGTERM");
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1400);
    expect(at - signalled).toBeLessThan(6000);
    expect((await held).error).toMatch(/ECONNRESET|socket hang up/);
  }, 90_000);
});
