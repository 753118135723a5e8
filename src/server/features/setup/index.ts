// What the rest of the server uses of the setup: the link a start prints, and whether the page opens.
export { issueSetupLink, setupLinkWorks } from "./service";
