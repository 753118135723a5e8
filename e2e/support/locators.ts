import type { Locator, Page } from "@playwright/test";

/** The list item holding the card whose heading is `name`, within a page or a section of it. */
export function cardTitled(scope: Page | Locator, name: string) {
  const page = "goto" in scope ? scope : scope.page();
  return scope.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}
