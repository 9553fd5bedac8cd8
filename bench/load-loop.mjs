// A closed-loop load generator shared by the mixed and network benchmarks.
import http from "node:http";

export /**
 * A closed-loop load: `connections` keep-alive sockets, each sending its next request when the answer
 * has come; for `seconds`. Latency per call, statuses counted. A page beyond the last (400) counts as
 * answered: the server did the counting work to say so.
 */
async function load({ base, connections, seconds, next }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base);
  const byCall = new Map();
  const until = performance.now() + seconds * 1000;
  const one = (req) =>
    new Promise((resolve) => {
      const started = performance.now();
      const headers = { ...req.headers };
      if (req.body) headers["content-length"] = Buffer.byteLength(req.body);
      const r = http.request(
        { host: url.hostname, port: url.port, path: req.path, method: req.method, headers, agent },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
        },
      );
      r.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
      if (req.body) r.write(req.body);
      r.end();
    });
  const loop = async () => {
    while (performance.now() < until) {
      const req = next();
      const { status, ms } = await one(req);
      let entry = byCall.get(req.call);
      if (!entry) {
        entry = { times: [], statuses: {} };
        byCall.set(req.call, entry);
      }
      entry.times.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const out = {};
  for (const [call, { times, statuses }] of byCall) {
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    out[call] = {
      n: times.length,
      rps: times.length / elapsed,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      statuses,
    };
  }
  return out;
}
