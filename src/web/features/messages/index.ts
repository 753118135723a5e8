// What other screens use of private messages: "Message" on a member's card.

export { MessageButton } from "./message-button";
