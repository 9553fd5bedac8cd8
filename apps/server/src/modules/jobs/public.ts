/** What other modules may use of jobs: queue work inside their own transaction. */
export { enqueue as enqueueJob } from "./repo";
export { createJobRunner, type JobHandler, type JobRunner } from "./service";
