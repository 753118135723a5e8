import {
  ArrowRight,
  Bookmark,
  BookOpen,
  CalendarDays,
  Clock,
  Crown,
  GraduationCap,
  HandHeart,
  MapPin,
  MessageCircle,
  NotebookPen,
  Play,
  PlayCircle,
  Sprout,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PATRON_PLAN_NAME } from "~/core/constants";
import {
  formatCalendarAge,
  formatCompactAge,
  formatDuration,
  formatShortDate,
  personName,
} from "~/core/format";
import { homeEndpoints } from "~/core/home/endpoints";
import type {
  HomeArticle,
  HomeContent,
  HomeCourse,
  HomeHebrewDay,
  HomePrayer,
  HomeVideo,
} from "~/core/home/schemas";
import type { MessageId } from "~/core/i18n";
import { videosEndpoints } from "~/core/videos/endpoints";
import { HOME_WATCHING_COUNT } from "~/core/videos/progress";
import type { WatchingItem } from "~/core/videos/schemas";
import { DurationBadge } from "~/web/components/duration-badge";
import { HydratedInTurn } from "~/web/components/hydrated-in-turn";
import { MemberText } from "~/web/components/member-text";
import { SkeletonList } from "~/web/components/skeleton-group";
import { Badge } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Skeleton, SkeletonCards, SkeletonLines } from "~/web/components/ui/skeleton";
import { NextEvent } from "~/web/features/events";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { useEndpoint } from "~/web/lib/endpoints";
import { currentLocale, Trans, t, translateKnown } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { useDeferredData } from "~/web/lib/use-deferred-data";
import { GroupPostSkeletons, GroupPosts } from "./group-posts";

export default function HomePage() {
  const { user } = useAuth();
  const dashboard = useEndpoint(homeEndpoints.home, undefined);
  const watching = useEndpoint(videosEndpoints.watching, { query: { limit: HOME_WATCHING_COUNT } });
  const { data } = useDeferredData(dashboard);
  const tier = data?.membership.tier ?? user?.membershipTier ?? "free";

  return (
    <div className="space-y-8">
      <Welcome
        firstName={user?.firstName}
        lastWatched={watching.data?.[0]}
        newestVideoId={dashboard.data?.videos[0]?.id}
        hebrewDay={dashboard.data?.hebrewDay}
      />

      {dashboard.isError ? (
        <ErrorState
          message={t("We couldn't load your dashboard just now. Please try again.")}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-8 lg:col-span-2">
            <Section title={t("Recent Teachings")} href="/videos" linkLabel={t("All videos")}>
              {data ? <Videos videos={data.videos} /> : <VideoSkeletons />}
            </Section>
            <Section
              title={t("From your groups")}
              href="/cultivation-groups?tab=my-groups"
              linkLabel={t("Your groups")}
            >
              {data ? <GroupPosts posts={data.newestGroupPosts} /> : <GroupPostSkeletons />}
            </Section>
            <div className="grid gap-8 md:grid-cols-2">
              <Section title={t("Latest Articles")} href="/articles" linkLabel={t("All articles")}>
                {data ? (
                  <Articles articles={data.articles} />
                ) : (
                  <SkeletonCards label={t("Loading articles")} count={2} />
                )}
              </Section>
              <Section title={t("Courses")} href="/courses" linkLabel={t("All courses")}>
                {data ? (
                  <Courses courses={data.courses} />
                ) : (
                  <SkeletonCards label={t("Loading courses")} count={2} />
                )}
              </Section>
            </div>
          </div>

          <aside className="space-y-6" aria-label={t("Your community")}>
            <Section
              title={t("Your Next Gathering")}
              href="/community?tab=events"
              linkLabel={t("All events")}
            >
              <NextEvent />
            </Section>
            <DiscipleshipWidget data={data} />
            <Section title={t("Prayer Requests")} href="/community" linkLabel={t("Prayer wall")}>
              {data ? (
                <Prayers prayers={data.prayerRequests} />
              ) : (
                <SkeletonCards label={t("Loading prayer requests")} count={2} />
              )}
            </Section>
            <Membership tier={tier} />
            <QuickActions />
          </aside>
        </div>
      )}
    </div>
  );
}

/**
 * "Continue Watching" takes her back into the video she watched last, where she stopped (a member
 * who has started none is offered the library instead); "Join Discussion" opens the conversation
 * on the newest teaching.
 */
function Welcome({
  firstName,
  lastWatched,
  newestVideoId,
  hebrewDay,
}: {
  firstName?: string | null;
  lastWatched?: WatchingItem;
  newestVideoId?: number;
  hebrewDay?: HomeHebrewDay;
}) {
  return (
    <section className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-sage-600 to-sage-800 p-6 text-cream shadow-[var(--shadow-lift)] sm:p-10">
      <Sprout aria-hidden="true" className="absolute -end-6 -bottom-6 size-40 text-sage-500/40" />
      <p className="text-sm font-semibold tracking-widest text-sage-200 uppercase">{t("Welcome home")}</p>
      <h1 className="mt-2 text-3xl font-semibold wrap-anywhere text-cream sm:text-4xl">
        <Trans
          id="Shalom, {name}"
          values={{ name: <bdi>{personName({ firstName }, { nameless: t("friend") })}</bdi> }}
        />
      </h1>
      <HebrewDayLine day={hebrewDay} />
      <p className="mt-3 max-w-xl text-sage-100">
        {t("May today's time in the Word take root and bear fruit.")}
      </p>
      <div className="relative mt-6 flex flex-wrap gap-3">
        <Link
          href={lastWatched ? `/video/${lastWatched.id}` : "/videos"}
          aria-describedby={lastWatched ? "continue-watching-hint" : undefined}
          className="inline-flex h-11 items-center gap-2 rounded-full bg-cream px-5 font-semibold text-sage-800 shadow-sm transition-colors hover:bg-white [&_svg]:size-[1.1em]"
        >
          <PlayCircle aria-hidden="true" /> {lastWatched ? t("Continue Watching") : t("Start Watching")}
        </Link>
        {newestVideoId !== undefined && (
          <Link
            href={`/video/${newestVideoId}#reflections`}
            className="inline-flex h-11 items-center gap-2 rounded-full border border-sage-300/70 px-5 font-semibold text-cream transition-colors hover:bg-sage-700 [&_svg]:size-[1.1em]"
          >
            <MessageCircle aria-hidden="true" /> {t("Join Discussion")}
          </Link>
        )}
      </div>
      {lastWatched && (
        <p id="continue-watching-hint" className="relative mt-3 text-sm text-sage-100">
          <Trans
            id="Pick up “{title}” at {time}."
            values={{
              title: <bdi>{lastWatched.title}</bdi>,
              time: formatDuration(lastWatched.seconds),
            }}
          />
        </p>
      )}
    </section>
  );
}

/**
 * Her day on the biblical calendar, under the greeting: "25 Kislev 5787 · Parashat Vayeshev ·
 * Chanukah: 2 Candles". The server writes it for her day in her zone, in both languages (the home
 * page loads no calendar code); the line keeps its height while the answer comes.
 */
function HebrewDayLine({ day }: { day?: HomeHebrewDay }) {
  const locale = currentLocale();
  return (
    <p className="mt-2 flex min-h-5 flex-wrap items-center gap-x-2 text-sm text-sage-100">
      {day && (
        <>
          <CalendarDays className="size-4 shrink-0 text-sage-200" aria-hidden="true" />
          <span>{day.date[locale]}</span>
          {day.torahPortion && (
            <>
              <span aria-hidden="true">·</span>
              <span>{day.torahPortion[locale]}</span>
            </>
          )}
          {day.holidays.map((holiday) => (
            <span key={holiday.en} className="contents">
              <span aria-hidden="true">·</span>
              <span className="font-semibold text-cream">{holiday[locale]}</span>
            </span>
          ))}
        </>
      )}
    </p>
  );
}

function Section({
  title,
  href,
  linkLabel,
  children,
}: {
  title: string;
  href: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold sm:text-2xl">{title}</h2>
        <Link
          href={href}
          className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-sage-700 hover:underline"
        >
          {linkLabel} <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <HydratedInTurn>{children}</HydratedInTurn>
    </section>
  );
}

/** The card's shape for panels with their own background (Card's white would win over it). */
const PANEL = "rounded-[var(--radius-card)] border border-linen/80 shadow-[var(--shadow-soft)]";

function Quiet({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-5 py-8 text-center text-muted">
      {children}
    </p>
  );
}

/** A warm tile per series, so the grid reads well without loading outside images. */
const SERIES_TILES: Record<string, string> = {
  "Grace Series": "from-sage-500 to-sage-700",
  "Wrap & Reflect": "from-clay-400 to-clay-600",
  "Prophecy Deep Dive": "from-sage-700 to-sage-900",
  Unveiled: "from-gold-500 to-clay-500",
};

function Videos({ videos }: { videos: HomeVideo[] }) {
  if (videos.length === 0) return <Quiet>{t("No videos available yet. Check back soon!")}</Quiet>;
  return (
    <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      {videos.map((video) => (
        <li key={video.id}>
          <Link
            href={`/video/${video.id}`}
            className="group flex h-full overflow-hidden rounded-[var(--radius-card)] border border-linen/80 bg-white shadow-[var(--shadow-soft)] transition-shadow hover:shadow-[var(--shadow-lift)] sm:block"
          >
            <div
              className={cn(
                "relative flex aspect-video w-36 shrink-0 items-center justify-center bg-gradient-to-br sm:w-auto",
                SERIES_TILES[video.series ?? ""] ?? "from-sage-400 to-sage-600",
              )}
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-white/90 text-sage-700 shadow transition-transform group-hover:scale-105 sm:size-12">
                <Play className="ms-0.5 size-5 fill-current" aria-hidden="true" />
              </span>
              <DurationBadge seconds={video.duration} />
            </div>
            <div className="min-w-0 p-3 sm:p-4">
              {video.series && (
                <p className="text-xs font-bold tracking-wide text-clay-600 uppercase">
                  {translateKnown(video.series)}
                </p>
              )}
              <h3
                dir="auto"
                className="mt-1 line-clamp-2 font-sans text-base font-bold text-ink group-hover:text-sage-700"
              >
                {video.title}
              </h3>
              <p className="mt-1 text-sm text-muted">{formatCalendarAge(video.publishedAt)}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Articles({ articles }: { articles: HomeArticle[] }) {
  if (articles.length === 0) return <Quiet>{t("New articles are on their way.")}</Quiet>;
  return (
    <ul className="space-y-3">
      {articles.map((article) => {
        const body = (
          <>
            <p className="flex items-center gap-2 text-xs font-semibold text-muted">
              <BookOpen className="size-3.5" aria-hidden="true" />{" "}
              {t("{count, plural, one {# min read} other {# min read}}", { count: article.readingTime })} ·{" "}
              {formatShortDate(article.publishedAt)}
            </p>
            <h3
              dir="auto"
              className="mt-1.5 font-sans text-base font-bold text-ink group-hover:text-sage-700"
            >
              {article.title}
            </h3>
            {article.excerpt && (
              <p dir="auto" className="mt-1 line-clamp-2 text-sm text-muted">
                {article.excerpt}
              </p>
            )}
          </>
        );
        const className =
          "group block rounded-[var(--radius-card)] border border-linen/80 bg-white p-4 shadow-[var(--shadow-soft)] transition-shadow hover:shadow-[var(--shadow-lift)]";
        return (
          <li key={article.id}>
            {article.url ? (
              <a href={article.url} target="_blank" rel="noopener noreferrer" className={className}>
                {body}
                <span className="sr-only"> {t("(opens in a new tab)")}</span>
              </a>
            ) : (
              <Link href="/articles" className={className}>
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Courses({ courses }: { courses: HomeCourse[] }) {
  if (courses.length === 0) return <Quiet>{t("Courses are being prepared. Check back soon!")}</Quiet>;
  return (
    <ul className="space-y-3">
      {courses.map((course) => (
        <li key={course.id}>
          <Link
            href={course.status === "active" ? `/courses/${course.id}` : "/courses"}
            className="group block rounded-[var(--radius-card)] border border-linen/80 bg-white p-4 shadow-[var(--shadow-soft)] transition-shadow hover:shadow-[var(--shadow-lift)]"
          >
            <Badge tone={course.status === "active" ? "green" : "yellow"}>
              {course.status === "active" ? t("Available Now") : t("Coming Soon")}
            </Badge>
            <h3 dir="auto" className="mt-2 font-sans text-base font-bold text-ink group-hover:text-sage-700">
              {course.title}
            </h3>
            {course.shortDescription && (
              <p dir="auto" className="mt-1 line-clamp-2 text-sm text-muted">
                {course.shortDescription}
              </p>
            )}
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs font-semibold text-muted">
              {course.estimatedDuration && (
                <span className="inline-flex items-center gap-1">
                  <Clock className="size-3.5" aria-hidden="true" />{" "}
                  <span dir="auto">{course.estimatedDuration}</span>
                </span>
              )}
              {course.enrolledCount > 0 && (
                <span className="inline-flex items-center gap-1">
                  <Users className="size-3.5" aria-hidden="true" />{" "}
                  {t("{count, plural, one {# enrolled} other {# enrolled}}", { count: course.enrolledCount })}
                </span>
              )}
            </p>
            <CourseProgressLine progress={course.progress} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CourseProgressLine({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <span className="mt-3 flex items-center gap-2 text-xs font-semibold text-sage-800">
      <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-sage-100" aria-hidden="true">
        <span className="block h-full rounded-full bg-sage-600" style={{ width: `${progress}%` }} />
      </span>
      {t("{progress}% complete", { progress })}
    </span>
  );
}

function DiscipleshipWidget({ data }: { data: HomeContent | undefined }) {
  const partners = data?.discipleship.activePartners ?? 0;
  const pending = data?.discipleship.pendingConnections ?? 0;
  return (
    <div className={cn(PANEL, "bg-clay-50 p-5")}>
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-white text-clay-600">
          <GraduationCap className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-sans text-base font-bold">{t("Discipleship")}</h2>
          {data ? (
            <p className="text-sm text-muted">
              <Trans
                id="{count, plural, one {<0>#</0> discipleship partner} other {<0>#</0> discipleship partners}}"
                values={{ count: partners }}
                components={{ 0: <span className="font-bold text-ink" /> }}
              />
            </p>
          ) : (
            <Skeleton className="mt-1 h-4 w-36" />
          )}
        </div>
      </div>
      {pending > 0 && (
        <p className="mt-3 text-sm text-clay-700">
          {t(
            "{count, plural, one {# new match is waiting for an answer.} other {# new matches are waiting for an answer.}}",
            { count: pending },
          )}
        </p>
      )}
      <Link href="/discipleship" className={buttonClass("outline", "sm", "mt-4 w-full bg-white")}>
        {partners > 0 || pending > 0 ? t("Open Discipleship Hub") : t("Find a Mentor")}
      </Link>
    </div>
  );
}

const prayerAuthor = (user: HomePrayer["user"]) =>
  personName(user, { form: "short", nameless: t("A sister") });

function Prayers({ prayers }: { prayers: HomePrayer[] }) {
  if (prayers.length === 0) return <Quiet>{t("No prayer requests yet. Be the first to share!")}</Quiet>;
  return (
    <ul className="space-y-3">
      {prayers.map((prayer) => (
        <li key={prayer.id}>
          <Card className="relative p-4 transition-shadow hover:shadow-[var(--shadow-lift)]">
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <span dir="auto" className="font-bold wrap-anywhere">
                {prayerAuthor(prayer.user)}
              </span>
              <time dateTime={prayer.createdAt} className="text-muted">
                {formatCompactAge(prayer.createdAt)}
              </time>
              {prayer.isAnswered && <Badge tone="yellow">{t("Answered")}</Badge>}
              {prayer.isPrivate && <Badge tone="neutral">{t("Private")}</Badge>}
            </p>
            <MemberText text={prayer.content} className="mt-1.5 line-clamp-3 text-sm leading-relaxed" />
            <p className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-sage-700">
              <HandHeart className="size-3.5" aria-hidden="true" />
              {t("{count, plural, one {# prayer} other {# prayers}}", { count: prayer.prayerCount })}
            </p>
            {/* The whole card opens the request on the prayer wall. */}
            <Link
              href={`/community#prayer-${prayer.id}`}
              className="absolute inset-0 rounded-[var(--radius-card)]"
            >
              <span className="sr-only">
                {t("Open {name}'s request on the prayer wall", { name: prayerAuthor(prayer.user) })}
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Membership({ tier }: { tier: "free" | "premium" }) {
  if (tier === "premium") {
    return (
      <div className={cn(PANEL, "bg-gradient-to-br from-gold-100 to-cream p-5")}>
        <p className="flex items-center gap-2 text-sm font-bold text-amber-800">
          <Crown className="size-4" aria-hidden="true" /> {translateKnown(PATRON_PLAN_NAME)}
        </p>
        <h2 className="mt-2 font-sans text-lg font-bold">{t("Thank you for sowing into this ministry")}</h2>
        <p className="mt-1 text-sm text-muted">
          {t("Your patronage keeps the teaching free for women who cannot give. Enjoy your patron benefits.")}
        </p>
        <Link href="/profile?tab=membership" className={buttonClass("outline", "sm", "mt-4 bg-white")}>
          {t("Your membership")}
        </Link>
      </div>
    );
  }
  return (
    <Card className="p-5">
      <Badge tone="neutral">{t("Free Member")}</Badge>
      <h2 className="mt-2 font-sans text-lg font-bold">
        {t("Become a {plan}", { plan: translateKnown(PATRON_PLAN_NAME) })}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(
          "For {price} a month: exclusive teaching, priority discipleship access and a prayer support network, while you help keep this community growing.",
          { price: publicConfig.patronPriceText },
        )}
      </p>
      <Link href="/subscribe" className={buttonClass("accent", "sm", "mt-4")}>
        <Crown aria-hidden="true" /> {t("Upgrade")}
      </Link>
    </Card>
  );
}

const QUICK_ACTIONS: { href: string; label: MessageId; icon: typeof MapPin }[] = [
  { href: "/profile?tab=reflections", label: "My Reflections", icon: NotebookPen },
  { href: "/local-communities", label: "Find Local Group", icon: MapPin },
  { href: "/profile?tab=saved", label: "Saved Content", icon: Bookmark },
];

function QuickActions() {
  return (
    <section>
      <h2 className="mb-3 text-xl font-semibold">{t("Quick Actions")}</h2>
      <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
        {QUICK_ACTIONS.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full flex-col items-center gap-2 rounded-2xl border border-linen bg-white p-3 text-center text-sm font-semibold text-ink transition-colors hover:bg-parchment lg:flex-row lg:text-start"
            >
              <Icon className="size-5 shrink-0 text-sage-600" aria-hidden="true" />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VideoSkeletons() {
  return (
    <SkeletonList label={t("Loading")} className="grid gap-4 sm:grid-cols-3">
      <Card className="overflow-hidden">
        <Skeleton className="aspect-video rounded-none" />
        <SkeletonLines className="space-y-2 p-4" lines={["h-3 w-20", "h-4 w-full", "h-3 w-16"]} />
      </Card>
    </SkeletonList>
  );
}
