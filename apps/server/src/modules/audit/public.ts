/** What other modules may use of audit: write the row inside the transaction of the staff action. */
export { type AuditEntry, record as recordAudit } from "./repo";
