import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ApiError } from "~/web/lib/api";
import { buttonClass } from "./ui/button";
import { EmptyState, ErrorState } from "./ui/empty-state";

/** The way back from one item's page to the list it belongs to ("All groups"). */
export function BackLink({ href, label }: { href: string; label: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-sage-700 hover:underline underline-offset-4"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> {label}
    </Link>
  );
}

/**
 * The page of one item found by the id in its address, under its `BackLink`: `notFound` when
 * there is no such item (an id that cannot be one, or the server's 404 or 400), the `failed`
 * message with a retry when it could not be loaded, `loading` until it is there, then `children`.
 */
export function ItemPage<T>({
  query,
  valid,
  back,
  notFound,
  failed,
  loading,
  children,
}: {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  /** Whether the address holds an id at all. */
  valid: boolean;
  back: { href: string; label: string };
  /** What the page says when there is no such item, and where it offers to go instead. */
  notFound: { icon: LucideIcon; title: string; text: string; action: { href: string; label: string } };
  failed: string;
  loading: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const missing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (!valid || missing) {
    return (
      <div className="space-y-6">
        <BackLink {...back} />
        <EmptyState
          icon={notFound.icon}
          title={notFound.title}
          action={
            <Link href={notFound.action.href} className={buttonClass("primary")}>
              {notFound.action.label}
            </Link>
          }
        >
          {notFound.text}
        </EmptyState>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-6">
        <BackLink {...back} />
        <ErrorState message={failed} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data === undefined) return loading;
  return children(query.data);
}
