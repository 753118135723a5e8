import { Link } from "wouter";
import { buttonClass } from "~/web/components/ui/button";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <p className="font-display text-7xl font-semibold text-sage-500" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 text-3xl font-semibold">404 Page Not Found</h1>
        <p className="mt-3 text-muted">
          The page you're looking for doesn't exist or may have moved. Let's get you back on the path.
        </p>
        <Link href="/" className={buttonClass("primary", "md", "mt-8")}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
