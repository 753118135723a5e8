import { BookOpenText, GraduationCap, HandHeart, HeartHandshake } from "lucide-react";
import type { MessageId } from "~/core/i18n";
import { IconTile } from "~/web/components/icon-tile";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

/**
 * What a patron receives, as the subscribe page promises it and her profile reminds her: English, the
 * catalogue's keys, shown with `t(title)`.
 */
export const PATRON_BENEFITS = [
  {
    icon: BookOpenText,
    title: "Exclusive teaching content",
    text: "Studies and videos kept for patrons, marked “For patrons” in the library.",
  },
  {
    icon: GraduationCap,
    title: "Courses included for patrons",
    text: "Courses marked “Included for patrons” are yours to join without buying them.",
  },
  {
    icon: HeartHandshake,
    title: "Priority discipleship access",
    text: "When a mentor offers her time, your waiting request is matched before others'.",
  },
  {
    icon: HandHeart,
    title: "Prayer support network",
    text: "Our intercessors pray for you by name each week, and you hear from them when they have.",
  },
] as const satisfies ReadonlyArray<{ icon: unknown; title: MessageId; text: MessageId }>;

/** The benefits as a list of icon, title and line. */
export function PatronBenefitList({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {PATRON_BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <IconTile icon={Icon} className="flex size-10 shrink-0 rounded-xl bg-sage-100 text-sage-700" />
          <span>
            <span className="block font-semibold text-ink">{t(title)}</span>
            <span className="block text-sm text-muted">{t(text)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
