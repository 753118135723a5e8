// What other features use of the error pages: the visitor's not-found page (a link that no longer works).
export { default as NotFoundPage } from "./not-found-page";
