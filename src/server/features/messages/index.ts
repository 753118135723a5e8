/**
 * What other features may use of private messages: moderation reads a reported message (for a
 * member of its conversation only), keeps the words a report carries, and removes a message.
 */
export {
  findReportableMessage,
  keepReportContext,
  removeReportedMessage,
  reportedMessageContent,
} from "./reports";
