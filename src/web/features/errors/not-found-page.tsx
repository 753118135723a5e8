import { Signpost } from "lucide-react";
import { Link } from "wouter";
import { Logo } from "~/web/components/logo";
import { buttonClass } from "~/web/components/ui/button";
import { t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";

/** The words and the way back, the same for a visitor and a member. */
function NotFoundMessage({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-12 text-center sm:py-20">
      <span className="flex size-16 items-center justify-center rounded-3xl bg-sage-100 text-sage-700">
        <Signpost className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-semibold sm:text-4xl">
        <span className="block font-display text-6xl text-sage-500 sm:text-7xl">404</span>{" "}
        <span className="mt-2 block">{t("Page Not Found")}</span>
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        {t(
          "This path doesn't lead anywhere in our garden. The page may have moved, or the link may have a typo. Let's get you back on the path.",
        )}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href="/" className={buttonClass("primary", "md")}>
          {signedIn ? t("Back to Home") : t("Go to the home page")}
        </Link>
        {signedIn && (
          <Link href="/community" className={buttonClass("outline", "md")}>
            {t("Visit the Prayer Wall")}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A member's not-found page: drawn inside the app shell, which gives the page its header and `main`. */
export function MemberNotFoundPage() {
  return <NotFoundMessage signedIn />;
}

/** A visitor's not-found page, with a header of its own that leads home. */
export default function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-linen/60 bg-cream/85">
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Link
            href="/"
            className="rounded-lg"
            aria-label={t("{siteName} home", { siteName: publicConfig.siteName })}
          >
            <Logo />
          </Link>
          <Link href="/sign-in" className={buttonClass("ghost", "sm")}>
            {t("Sign in")}
          </Link>
        </div>
      </header>
      <main className="container-page flex-1">
        <NotFoundMessage signedIn={false} />
      </main>
    </div>
  );
}
