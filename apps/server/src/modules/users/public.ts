/** What other modules may use of users: the service (mapping, rules) by its type. */
export type { UsersService } from "./service";
