import { Lock, MessageCircleHeart, PlayCircle } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate } from "~/core/format";
import { REFLECTION_NOTE_TAG } from "~/core/notes/limits";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { Badge } from "~/web/components/ui/badge";
import { buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { Trans, t } from "~/web/lib/i18n";
import { useReflections } from "./api";

/** The way from an empty list of hers (reflections, saved videos) to the teachings. */
export function BrowseVideosLink() {
  return (
    <Link href="/videos" className={buttonClass("secondary")}>
      {t("Browse Videos")}
    </Link>
  );
}

/** Her own reflections on the teaching videos, newest first. */
export function ReflectionsTab() {
  const reflections = useReflections();
  const items = reflections.data ?? [];

  return (
    <section aria-labelledby="reflections-title">
      <h2 id="reflections-title" className="sr-only">
        {t("My Reflections")}
      </h2>
      <p className="mb-4 rounded-2xl bg-sage-50 px-4 py-3 text-sm leading-relaxed text-ink/90">
        <Lock className="me-1.5 inline size-4 align-[-0.15em] text-sage-700" aria-hidden="true" />
        <Trans
          id="Here are the reflections you shared with the community. Those you kept private are in <0>My Notes</0>."
          components={{
            0: (
              <Link
                href={`/video-notes?tag=${REFLECTION_NOTE_TAG}`}
                className="font-semibold text-sage-700 underline underline-offset-2"
              />
            ),
          }}
        />
      </p>
      <div aria-busy={reflections.isPending}>
        {reflections.isPending ? (
          <SkeletonCards label={t("Loading reflections")} className="space-y-4" />
        ) : reflections.isError ? (
          <ErrorState
            message={t("We couldn't load your reflections just now.")}
            onRetry={() => void reflections.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={MessageCircleHeart} title={t("No reflections yet")} action={<BrowseVideosLink />}>
            {t("When you share a reflection on a teaching video, it is kept here.")}
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-4">
              {items.map((reflection) => (
                <li key={reflection.id}>
                  <Card className="p-5">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      {reflection.video ? (
                        <Link
                          href={`/video/${reflection.video.id}`}
                          className="inline-flex items-center gap-1.5 font-semibold text-sage-700 underline-offset-4 hover:underline"
                        >
                          <PlayCircle className="size-4" aria-hidden="true" />
                          <span dir="auto">{reflection.video.title}</span>
                        </Link>
                      ) : (
                        <span className="text-muted italic">{t("A video no longer available")}</span>
                      )}
                      <time dateTime={reflection.createdAt} className="text-muted">
                        {formatLongDate(reflection.createdAt)}
                      </time>
                      {reflection.isReflectionPrompt && <Badge tone="gold">{t("Reflection")}</Badge>}
                    </div>
                    <MemberText text={reflection.content} className="mt-3 text-ink" />
                  </Card>
                </li>
              ))}
            </ul>
            <LoadMore list={reflections} className="mt-6" />
          </>
        )}
      </div>
    </section>
  );
}
