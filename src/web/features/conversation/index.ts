// What other screens use of a group's conversation: the panel a group's page opens on, the few
// lines beside it on a wide screen, and forgetting it as she leaves the group.

export { forgetConversation } from "./api";
export { ConversationGuide } from "./conversation-guide";
export { ConversationPanel } from "./conversation-panel";
