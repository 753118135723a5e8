import { ArrowRight, BookOpen, HeartHandshake, type LucideIcon, MapPin, Sprout } from "lucide-react";
import { Link } from "wouter";
import type { MessageId } from "~/core/i18n";
import { IconTile } from "~/web/components/icon-tile";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { t } from "~/web/lib/i18n";
import { GroupsAtAGlance } from "./groups-at-a-glance";

const KINDS: Array<{ icon: LucideIcon; title: MessageId; text: MessageId; action: MessageId; href: string }> =
  [
    {
      icon: MapPin,
      title: "Local Groups",
      text: "Meet women near you in person for Bible study, prayer, book clubs and fellowship.",
      action: "Find Local Groups",
      href: "/local-communities",
    },
    {
      icon: BookOpen,
      title: "Study Groups",
      text: "Read Scripture together, from the Torah portions to the letters of Paul, at a gentle pace.",
      action: "Browse Study Groups",
      href: "/cultivation-groups?category=study",
    },
    {
      icon: HeartHandshake,
      title: "Support Groups",
      text: "Company for hard seasons: grief, infertility, caregiving, illness and long waits.",
      action: "Find Support",
      href: "/cultivation-groups?category=support",
    },
  ];

export function GroupsTab() {
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="grid gap-6 p-6 sm:p-8 md:grid-cols-[1fr_1.2fr] md:items-start">
          <div>
            <IconTile
              icon={Sprout}
              className="inline-flex size-12 rounded-2xl bg-sage-100 text-sage-700"
              iconClassName="size-6"
            />
            <h2 className="mt-4 text-2xl font-semibold">{t("Cultivation Groups")}</h2>
            <p className="mt-2 leading-relaxed text-muted">
              {t(
                "Small, focused groups for fellowship and accountability: a Messianic Jewish women's circle, a military wives fellowship, a young mothers support group. Find women who share your season of life, your heritage or your calling, and grow together week by week.",
              )}
            </p>
            <Link href="/cultivation-groups" className={buttonClass("primary", "md", "mt-5")}>
              {t("Explore Cultivation Groups")} <ArrowRight aria-hidden="true" />
            </Link>
          </div>
          <GroupsAtAGlance />
        </div>
      </Card>

      <div className="grid gap-4 md:grid-cols-3">
        {KINDS.map(({ icon: Icon, title, text, action, href }) => (
          <Card key={title} className="flex flex-col p-6">
            <IconTile icon={Icon} className="inline-flex size-11 rounded-2xl bg-clay-50 text-clay-600" />
            <h3 className="mt-4 text-xl font-semibold">{t(title)}</h3>
            <p className="mt-1.5 flex-1 leading-relaxed text-muted">{t(text)}</p>
            <Link href={href} className={buttonClass("outline", "sm", "mt-5 self-start")}>
              {t(action)}
            </Link>
          </Card>
        ))}
      </div>
    </div>
  );
}
