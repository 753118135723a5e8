import { LOGIN_REDIRECT_DELAY_MS } from "~/core/constants";
import { t } from "./i18n";
import { goToLogin } from "./navigation";
import { toast } from "./toast";

let announced = false;

/**
 * SPEC §8: "Unauthorized" / "You are logged out. Logging in again...", then sign-in after 500 ms,
 * counted from when the toast is actually on screen.
 */
export function announceSignedOut() {
  if (announced) return;
  announced = true;
  const { shown } = toast({
    title: t("Unauthorized"),
    description: t("You are logged out. Logging in again..."),
    variant: "destructive",
  });
  void shown.then(() => setTimeout(() => goToLogin(), LOGIN_REDIRECT_DELAY_MS));
}
