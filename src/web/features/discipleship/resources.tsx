import { BookOpenText, GraduationCap, type LucideIcon, Quote } from "lucide-react";
import type { MessageId } from "~/core/i18n";
import { IconTile } from "~/web/components/icon-tile";
import { Card } from "~/web/components/ui/card";
import { t } from "~/web/lib/i18n";

// The guides and stories keep their English here and are shown in her language.

const SECTIONS: Array<{
  icon: LucideIcon;
  title: MessageId;
  intro: MessageId;
  items: Array<[MessageId, MessageId]>;
}> = [
  {
    icon: BookOpenText,
    title: "Discipleship Guides",
    intro: "Simple, tested ways to begin and keep going.",
    items: [
      [
        "Your first meeting",
        "Share your stories of faith, name what each of you hopes for, and agree how often you will meet. Close by praying for one another by name.",
      ],
      [
        "A rhythm that lasts",
        "Every two weeks for an hour works for most women. Read the same passage beforehand, then ask: what does it say, what does it mean, and what will I do?",
      ],
      [
        "Praying together",
        "Keep a shared list of requests and answers. Looking back over a season of answered prayer is one of the richest gifts of discipleship.",
      ],
    ],
  },
  {
    icon: GraduationCap,
    title: "Mentor Training",
    intro: "For women who say yes to walking alongside another.",
    items: [
      [
        "Listen first",
        "Ask good questions and let silence do its work. A mentor points to Jesus; she does not need to have every answer.",
      ],
      [
        "Open the Scriptures",
        "Let the Word lead each conversation, from the Torah and the Prophets to the Gospels and the letters, so your mentee learns to feed herself.",
      ],
      [
        "Keep it safe",
        "What is shared stays between you. If you hear of abuse or danger, involve the ministry team at once; that is love, not betrayal.",
      ],
    ],
  },
];

const STORIES: Array<{ quote: MessageId; name: MessageId }> = [
  {
    quote:
      "I came to faith at forty and felt years behind. Miriam never made me feel that way. Two years of Tuesday mornings later, I am mentoring a new believer myself.",
    name: "Rachel, mentee turned mentor",
  },
  {
    quote:
      "We were matched on grief. Walking through the Psalms of lament with someone who had buried a child too gave me words for prayers I could not pray alone.",
    name: "Joanna, mentee",
  },
  {
    quote:
      "I thought I was offering to teach. Instead, my mentee's hunger for the Word woke up my own. Discipleship runs both ways.",
    name: "Sarah, Bible teacher and mentor",
  },
];

export function Resources() {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {SECTIONS.map(({ icon: Icon, title, intro, items }) => (
          <Card key={title} className="p-6 sm:p-8">
            <IconTile
              icon={Icon}
              className="inline-flex size-12 rounded-2xl bg-sage-100 text-sage-700"
              iconClassName="size-6"
            />
            <h2 className="mt-4 text-2xl font-semibold">{t(title)}</h2>
            <p className="mt-1 text-muted">{t(intro)}</p>
            <dl className="mt-5 space-y-4">
              {items.map(([term, text]) => (
                <div key={term}>
                  <dt className="font-bold">{t(term)}</dt>
                  <dd className="mt-0.5 leading-relaxed text-muted">{t(text)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </div>
      <section className="rounded-[var(--radius-card)] bg-sage-700 p-6 text-cream shadow-[var(--shadow-soft)] sm:p-8">
        <h2 className="text-2xl font-semibold text-cream">{t("Success Stories")}</h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {STORIES.map((story) => (
            <li key={story.name}>
              <figure className="h-full rounded-2xl bg-sage-800/60 p-5">
                <Quote className="size-6 text-gold-400" aria-hidden="true" />
                <blockquote className="mt-2 leading-relaxed text-sage-50">{t(story.quote)}</blockquote>
                <figcaption className="mt-3 text-sm font-semibold text-sage-200">{t(story.name)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
