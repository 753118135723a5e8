import { Lock } from "lucide-react";
import { Link } from "wouter";
import { PATRON_TEACHING } from "~/core/patron-teaching";
import { Badge } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { translateKnown } from "~/web/lib/i18n";

/** The gentle mark on teaching kept for patrons, shown to every member. */
export function PatronBadge({ className }: { className?: string }) {
  return (
    <Badge tone="gold" className={className}>
      <Lock className="size-3" aria-hidden="true" />
      {translateKnown(PATRON_TEACHING.lockedBadge)}
    </Badge>
  );
}

/** The way to become a patron: the subscribe page. */
export function BecomePatronLink({ className, size = "md" }: { className?: string; size?: "sm" | "md" }) {
  return (
    <Link href={PATRON_TEACHING.subscribePath} className={buttonClass("accent", size, className)}>
      {translateKnown(PATRON_TEACHING.becomePatron)}
    </Link>
  );
}
