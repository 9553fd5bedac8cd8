/** What other modules may use of the team module (issue 30: store teams). */
export type { TeamService } from "./service";
export { mailMemberPasswordLink, memberLabels, setMemberPasswordHash } from "./service";
