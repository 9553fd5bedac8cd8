/** What other modules and the entry points may use of ops: the event-stream gauge, graceful shutdown, backups. */

export { backupDatabase, restoreDatabase, tableFingerprints } from "./backup";
export { eventStreams } from "./metrics";
export { installGracefulShutdown, type ShutdownOptions } from "./shutdown";
