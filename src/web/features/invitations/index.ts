// What other features use of invitations: the administrators' panel, shown in the Users tab.
export { InvitationsPanel } from "./invitations-panel";
