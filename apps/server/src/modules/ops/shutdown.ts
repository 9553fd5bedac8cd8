import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Closes the database once the app has closed (the last step). */
  closeDatabase: () => Promise<void>;
  /** SHUTDOWN_TIMEOUT_MS: past it the remaining connections are cut and the process exits 1. */
  timeoutMs: number;
  signals?: readonly NodeJS.Signals[];
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT: the beforeShutdown hooks run (event streams end), the server stops
 * listening (idle keep-alive connections are closed, requests on them answered 503 with
 * `Connection: close`), the requests in flight are answered, the job runner finishes the jobs it
 * claimed, the database closes, and the process exits 0, all within `timeoutMs`; past it, the
 * connections still open are cut and it exits 1. A second signal changes nothing (Ctrl-C reaches both `npm start` and the server).
 */
export function installGracefulShutdown(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const shutdown = async (signal: string) => {
    if (started) return;
    started = true;
    const { app } = options;
    app.log.info(
      `${signal}: shutting down (requests in flight and claimed jobs finish first, at most ${options.timeoutMs} ms)`,
    );
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${options.timeoutMs} ms: cutting the open connections`);
      app.server.closeAllConnections();
      exit(1);
    }, options.timeoutMs);
    try {
      await app.shutdownBegins();
      await app.close();
      await options.closeDatabase();
      clearTimeout(deadline);
      app.log.info("shut down");
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      app.log.error({ err: error }, "shutdown failed");
      exit(1);
    }
  };
  for (const signal of options.signals ?? (["SIGTERM", "SIGINT"] as const)) {
    process.on(signal, () => void shutdown(signal));
  }
}
