// What other features may use of the profile: a member's removal with the counts she fed (the demo
// content's removal takes its members the same way).
export { deleteMember } from "./queries";
