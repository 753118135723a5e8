import { Link } from "wouter";
import { profileEndpoints } from "~/core/profile/endpoints";
import { buttonClass } from "~/web/components/ui/button";
import type { AccountPageMember } from "~/web/lib/account-page";
import { LinkConfirmationPage } from "./link-confirmation";

/** /confirm-email?token=…: the link mailed to a new address; following it makes it hers. */
export default function ConfirmEmailPage({ member }: { member?: AccountPageMember }) {
  return (
    <LinkConfirmationPage
      endpoint={profileEndpoints.confirmEmailChange}
      member={member}
      checking="Confirming your new e-mail address"
      confirmed={(email) => ({
        heading: `Your e-mail address is now ${email}`,
        text: "Thank you. From now on, we'll write to you there.",
      })}
      couldNot="We couldn't change your address"
      usedUpNote="To ask for a new link, change your e-mail address again on your profile."
      usedUp={
        <Link href="/profile" className={buttonClass("primary")}>
          Go to your profile
        </Link>
      }
    />
  );
}
