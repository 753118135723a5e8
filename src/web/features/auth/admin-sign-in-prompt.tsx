import { LockKeyhole } from "lucide-react";
import { useLocation } from "wouter";
import { Logo } from "~/web/components/logo";
import { Button } from "~/web/components/ui/button";
import { goToLogin } from "~/web/lib/navigation";

/** What a visitor sees at /admin or /admin/articles. */
export default function AdminSignInPrompt() {
  const [location] = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-16">
      <Logo className="mb-10" />
      <div className="w-full max-w-md rounded-3xl border border-linen bg-white p-8 text-center shadow-[var(--shadow-soft)]">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-sage-100 text-sage-700">
          <LockKeyhole className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">Administrator sign-in</h1>
        <p className="mt-2 text-muted">
          Please sign in with an administrator account to manage the community.
        </p>
        <Button className="mt-7 w-full" onClick={() => goToLogin(location)}>
          Sign In
        </Button>
      </div>
    </main>
  );
}
