import { useState } from "react";
import { initialsOf } from "~/core/format";
import { cn } from "~/web/lib/cn";

interface AvatarUser {
  firstName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
}

/** The member's picture, or the first letter of their first name or e-mail. */
export function Avatar({ user, className }: { user: AvatarUser | null | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = user?.profileImageUrl;
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-sage-200 font-semibold text-sage-800",
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initialsOf(user)}</span>
      )}
    </span>
  );
}
