import { Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { DialogActions } from "./dialog-actions";
import { MemberText } from "./member-text";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Dialog, DialogContent } from "./ui/dialog";

/**
 * What cultivation groups and local groups show alike: their cards' frame, how many belong, and the
 * question before she leaves one.
 */

export const memberCountText = (n: number) =>
  t("{count, plural, one {# member} other {# members}}", { count: n });

/** "12 members", with the people icon. */
export function MemberCount({ count, className }: { count: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 font-semibold", className)}>
      <Users className="size-4 text-sage-600" aria-hidden="true" />
      {memberCountText(count)}
    </span>
  );
}

/** A group's card: its heading, anything under it, the description (three lines at most), then the footer. */
export function GroupCardFrame({
  header,
  children,
  description,
  footer,
  className,
  footerClassName,
}: {
  header: ReactNode;
  children?: ReactNode;
  description: string;
  footer: ReactNode;
  className?: string;
  footerClassName?: string;
}) {
  return (
    <Card className={cn("flex h-full flex-col p-5", className)}>
      {header}
      {children}
      <MemberText
        text={description}
        className="mt-3 line-clamp-3 text-[0.95rem] leading-relaxed text-muted"
      />
      <div className={cn("mt-auto pt-4", footerClassName)}>{footer}</div>
    </Card>
  );
}

/**
 * "Leave Group" after a question. `trigger` draws the button that asks it; "Stay" closes it, and so
 * does the end of the leaving, whichever way it went (`onLeave` calls `done` then).
 */
export function LeaveGroupDialog({
  trigger,
  title,
  description,
  leaving,
  onLeave,
}: {
  trigger: (ask: () => void) => ReactNode;
  title: string;
  description: string;
  leaving: boolean;
  onLeave: (done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger(() => setOpen(true))}
      <DialogContent title={title} description={description}>
        <DialogActions cancel={t("Stay")}>
          <Button variant="destructive" onClick={() => onLeave(() => setOpen(false))} disabled={leaving}>
            {leaving ? t("Leaving...") : t("Leave Group")}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
