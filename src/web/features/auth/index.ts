// What other features use of the account pages: their frame, for pages reached from links in mails.
export {
  AccountCard,
  CardHeading,
  CardText,
  enterApp,
  FormSubmit,
  failureMessage,
  useLinkToken,
  Working,
} from "./account-card";
