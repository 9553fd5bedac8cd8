/**
 * What other modules may use of C-forms: invoicing records the C-form a CST invoice owes; the seed
 * receives the ones still open.
 */
export { issueCform, openCforms, recordCformOwed } from "./repo";
