/** What other modules may use of jobs: queue work inside their own transaction. */
export { enqueue as enqueueJob, enqueueOnce as enqueueJobOnce } from "./repo";
export { createJobRunner, type JobHandler, type JobRunner } from "./service";
