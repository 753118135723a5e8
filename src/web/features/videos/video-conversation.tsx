import { ChevronDown, Heart, Lightbulb, Lock, MessageCircle, X } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { COMMENT_ROWS, LIMITS } from "~/core/constants";
import { formatCompactAge, formatDuration } from "~/core/format";
import { REFLECTION_NOTE_TAG } from "~/core/notes/limits";
import { videosEndpoints } from "~/core/videos/endpoints";
import type { DiscussionItem } from "~/core/videos/schemas";
import { LoadMore } from "~/web/components/card-grid";
import { MemberText } from "~/web/components/member-text";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Textarea } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ContentActions, EditedMark } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { cn } from "~/web/lib/cn";
import { keyOf } from "~/web/lib/endpoints";
import { Trans, t } from "~/web/lib/i18n";
import { toast } from "~/web/lib/toast";
import { useKeepReflection } from "../notes";
import { useDiscussions, usePostDiscussion, useToggleDiscussionLike } from "./api";

/**
 * A private reflection keeps the prompt it answers above her words, when both fit in a note (in the
 * language she wrote it in).
 */
function privateReflection(prompt: string | null, words: string) {
  const withPrompt = prompt ? `${t("Reflecting on: {prompt}", { prompt })}\n\n${words}` : words;
  return withPrompt.length <= LIMITS.text ? withPrompt : words;
}

/**
 * The reflection prompts and the community's reflections on a video. "Reflect on This" empties
 * and focuses the reflection box, and the next shared reflection is marked as one on that prompt.
 * She chooses, for each reflection, to keep it private (a note in My Notes at the video's current
 * moment) or to share it with the community.
 */
export function VideoConversation({
  videoId,
  videoTitle,
  currentTime,
  prompts,
  count,
}: {
  videoId: number;
  videoTitle: string;
  /** Seconds into the video now, when the player can tell. */
  currentTime: () => number | null;
  prompts: string[];
  count: number;
}) {
  const [content, setContent] = useState("");
  const [prompt, setPrompt] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const post = usePostDiscussion(videoId);
  const keep = useKeepReflection();
  const [, navigate] = useLocation();
  const ids = useId();
  const busy = post.isPending || keep.isPending;

  const reflectOn = (text: string) => {
    setContent("");
    setPrompt(text);
    box.current?.focus();
    box.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  const blank = content.trim().length === 0;
  const done = () => {
    setContent("");
    setPrompt(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    post.mutate(
      { content: content.trim(), videoId, isReflectionPrompt: prompt !== null },
      { onSuccess: done },
    );
  };
  const keepPrivate = () => {
    if (blank || busy) return;
    const timestamp = currentTime();
    keep.mutate(
      {
        videoId,
        content: privateReflection(prompt, content.trim()),
        timestamp,
        tags: [REFLECTION_NOTE_TAG],
      },
      {
        onSuccess: () => {
          done();
          toast({
            title: t("Note created"),
            description:
              timestamp === null
                ? t('Your reflection on "{title}" is kept privately in My Notes.', { title: videoTitle })
                : t('Your reflection at {time} of "{title}" is kept privately in My Notes.', {
                    time: formatDuration(timestamp),
                    title: videoTitle,
                  }),
            action: { label: t("View"), onClick: () => navigate(`/video-notes?tag=${REFLECTION_NOTE_TAG}`) },
          });
        },
      },
    );
  };

  return (
    <>
      {prompts.length > 0 && <ReflectionPrompts prompts={prompts} onReflect={reflectOn} />}

      <section id="reflections" aria-labelledby={`${ids}-heading`} className="scroll-mt-24 space-y-5">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-2xl font-semibold">
          <MessageCircle className="size-6 text-sage-600" aria-hidden="true" />
          {t("Community Reflections ({count})", { count })}
        </h2>

        <form
          onSubmit={submit}
          className="rounded-[var(--radius-card)] border border-linen bg-white p-4 shadow-[var(--shadow-soft)]"
        >
          {prompt && (
            <div className="mb-3 flex items-start gap-2 rounded-xl bg-gold-100/70 px-3 py-2 text-sm">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <p className="flex-1">
                <Trans
                  id="<0>Reflecting on:</0> {prompt}"
                  components={{ 0: <span className="font-semibold" /> }}
                  values={{ prompt: <span dir="auto">{prompt}</span> }}
                />
              </p>
              <button
                type="button"
                onClick={() => setPrompt(null)}
                className="rounded-full p-0.5 text-muted hover:bg-white hover:text-ink"
                aria-label={t("Stop reflecting on this prompt")}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}
          <label htmlFor={`${ids}-comment`} className="sr-only">
            {t("Your reflection")}
          </label>
          <Textarea
            id={`${ids}-comment`}
            ref={box}
            rows={COMMENT_ROWS}
            value={content}
            maxLength={LIMITS.text}
            onChange={(e) => setContent(e.target.value)}
            placeholder={prompt ? t("Write your reflection...") : t("What did this teaching stir in you?")}
            dir="auto"
            aria-describedby={`${ids}-choices`}
            className="resize-y"
          />
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p id={`${ids}-choices`} className="text-sm text-muted">
              {t("Keep it private in My Notes, at this moment of the video, or share it with the community.")}
            </p>
            <div className="flex shrink-0 justify-end gap-2">
              <Button type="button" variant="outline" disabled={blank || busy} onClick={keepPrivate}>
                <Lock aria-hidden="true" /> {keep.isPending ? t("Keeping...") : t("Keep private")}
              </Button>
              <Button type="submit" disabled={blank || busy}>
                {post.isPending ? t("Sharing...") : t("Share")}
              </Button>
            </div>
          </div>
        </form>

        <DiscussionList videoId={videoId} />
      </section>
    </>
  );
}

function ReflectionPrompts({
  prompts,
  onReflect,
}: {
  prompts: string[];
  onReflect: (prompt: string) => void;
}) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section className="rounded-[var(--radius-card)] border border-gold-400/40 bg-gold-100/40">
      <h2 className="font-sans">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-2 rounded-[var(--radius-card)] px-5 py-4 text-start text-lg font-bold"
        >
          <Lightbulb className="size-5 text-gold-700" aria-hidden="true" />
          <span className="flex-1">{t("Reflection Prompts")}</span>
          <ChevronDown
            className={cn("size-5 text-muted transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      </h2>
      {open && (
        <ul id={panelId} className="space-y-3 px-5 pb-5">
          {prompts.map((prompt, index) => (
            <li
              // Two identical prompts must not share a key.
              key={`${index}:${prompt}`}
              className="flex flex-col gap-3 rounded-2xl bg-white/80 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <p dir="auto" className="leading-relaxed">
                {prompt}
              </p>
              <Button
                size="sm"
                variant="secondary"
                className="self-start sm:self-center"
                onClick={() => onReflect(prompt)}
              >
                {t("Reflect on This")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DiscussionList({ videoId }: { videoId: number }) {
  const discussions = useDiscussions(videoId);
  const like = useToggleDiscussionLike(videoId);

  if (discussions.isPending) {
    return (
      <ul className="space-y-4" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex gap-3">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="h-20 flex-1" />
          </li>
        ))}
      </ul>
    );
  }
  if (discussions.isError) {
    return (
      <ErrorState
        message={t("We couldn't load the reflections just now. Please try again.")}
        onRetry={() => void discussions.refetch()}
      />
    );
  }
  if (discussions.data.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-5 py-8 text-center text-muted">
        {t("No reflections yet. Be the first to share what this teaching stirred in you.")}
      </p>
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {discussions.data.map((d) => (
          <Discussion
            key={d.id}
            discussion={d}
            liking={like.isPending && like.variables === d.id}
            onLike={() => like.mutate(d.id)}
          />
        ))}
      </ul>
      <LoadMore list={discussions} label={t("Show older reflections")} className="" />
    </>
  );
}

function Discussion({
  discussion: d,
  liking,
  onLike,
}: {
  discussion: DiscussionItem;
  liking: boolean;
  onLike: () => void;
}) {
  const name = d.user.displayName;
  const { user } = useAuth();
  return (
    <li className="flex gap-3">
      <Avatar user={{ firstName: name, profileImageUrl: d.user.profileImageUrl }} />
      <article
        aria-label={t("Reflection by {name}", { name })}
        className="min-w-0 flex-1 rounded-2xl border border-linen/80 bg-white px-4 py-3"
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span dir="auto" className="font-semibold wrap-anywhere">
            {name}
          </span>
          {d.isReflectionPrompt && <Badge tone="yellow">{t("Reflection")}</Badge>}
          <time dateTime={d.createdAt} className="text-sm text-muted">
            {formatCompactAge(d.createdAt)}
          </time>
          <EditedMark editedAt={d.editedAt} />
        </header>
        <MemberText text={d.content} keepSpaces className="mt-1.5 leading-relaxed" />
        <button
          type="button"
          onClick={onLike}
          disabled={liking}
          aria-pressed={d.likedByMe}
          aria-label={t(
            "{count, plural, one {Like reflection by {name}, # like} other {Like reflection by {name}, # likes}}",
            { count: d.likes, name },
          )}
          className={cn(
            "mt-2 -ms-2 inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-semibold transition-colors",
            d.likedByMe ? "text-clay-600 hover:bg-clay-50" : "text-muted hover:bg-parchment hover:text-ink",
          )}
        >
          <Heart className={cn("size-4", d.likedByMe && "fill-current")} aria-hidden="true" />
          <span className="tabular-nums">{d.likes}</span>
        </button>
        <ContentActions
          type="discussion"
          id={d.id}
          content={d.content}
          isMine={user?.id === d.user.id}
          authorId={d.user.id}
          authorName={name}
          refresh={[keyOf(videosEndpoints.discussions, { params: { id: d.videoId } })]}
        />
      </article>
    </li>
  );
}
