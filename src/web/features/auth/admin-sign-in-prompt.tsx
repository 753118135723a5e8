import { LockKeyhole } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "~/web/components/ui/button";
import { t } from "~/web/lib/i18n";
import { goToLogin } from "~/web/lib/navigation";
import { AccountCard, CardHeading, CardText } from "./account-card";

/** What a visitor sees at /admin or /admin/articles. */
export default function AdminSignInPrompt() {
  const [location] = useLocation();
  return (
    <AccountCard icon={LockKeyhole}>
      <CardHeading>{t("Administrator sign-in")}</CardHeading>
      <CardText>{t("Please sign in with an administrator account to manage the community.")}</CardText>
      <Button className="mt-7 w-full" onClick={() => goToLogin(location)}>
        {t("Sign In")}
      </Button>
    </AccountCard>
  );
}
