/** What other modules may use of the ledger: post entries inside their own transaction. */

export { balance as ledgerBalance } from "./repo";
export { ledgerPostings } from "./service";
