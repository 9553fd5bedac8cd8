/**
 * What other modules may use of users: the service (mapping, rules) by its type, and the writes to
 * a user's row, which users own (auth sets a password, partners create and change partners).
 */
export {
  changePartnerAccount,
  insertUser,
  type PartnerAccountChange,
  setPasswordHash,
  setUserActive,
  setUserFranchise,
} from "./repo";
export type { UsersService } from "./service";
