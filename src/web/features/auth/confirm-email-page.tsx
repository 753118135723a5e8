import { Link } from "wouter";
import { profileEndpoints } from "~/core/profile/endpoints";
import { buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/lib/account-page";
import { t } from "~/web/lib/i18n";
import { LinkConfirmationPage } from "./link-confirmation";

/** /confirm-email?token=…: the link mailed to a new address; following it makes it hers. */
export default function ConfirmEmailPage({ member }: { member?: AccountPageMember }) {
  return (
    <LinkConfirmationPage
      endpoint={profileEndpoints.confirmEmailChange}
      member={member}
      checking={t("Confirming your new e-mail address")}
      confirmed={(email) => ({
        heading: t("Your e-mail address is now {email}", { email }),
        text: t("Thank you. From now on, we'll write to you there."),
      })}
      couldNot={t("We couldn't change your address")}
      usedUpNote={t("To ask for a new link, change your e-mail address again on your profile.")}
      usedUp={
        <Link href="/profile" className={buttonClass("primary")}>
          {t("Go to your profile")}
        </Link>
      }
    />
  );
}
