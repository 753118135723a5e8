import { ChevronDown, Heart, Lightbulb, MessageCircle, X } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { COMMENT_ROWS, LIMITS } from "~/core/constants";
import { formatCompactAge } from "~/core/format";
import type { DiscussionItem } from "~/core/schemas/videos";
import { LoadMore } from "~/web/components/card-grid";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Textarea } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { useDiscussions, usePostDiscussion, useToggleDiscussionLike } from "./api";

/**
 * The reflection prompts and the community's reflections on a video. "Reflect on This" empties
 * and focuses the comment box, and the next comment is marked as a reflection on that prompt.
 */
export function VideoConversation({
  videoId,
  prompts,
  count,
}: {
  videoId: number;
  prompts: string[];
  count: number;
}) {
  const [content, setContent] = useState("");
  const [prompt, setPrompt] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const post = usePostDiscussion(videoId);
  const ids = useId();

  const reflectOn = (text: string) => {
    setContent("");
    setPrompt(text);
    box.current?.focus();
    box.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  const blank = content.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || post.isPending) return;
    post.mutate(
      { content: content.trim(), videoId, isReflectionPrompt: prompt !== null },
      {
        onSuccess: () => {
          setContent("");
          setPrompt(null);
        },
      },
    );
  };

  return (
    <>
      {prompts.length > 0 && <ReflectionPrompts prompts={prompts} onReflect={reflectOn} />}

      <section aria-labelledby={`${ids}-heading`} className="space-y-5">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-2xl font-semibold">
          <MessageCircle className="size-6 text-sage-600" aria-hidden="true" />
          Community Reflections ({count})
        </h2>

        <form
          onSubmit={submit}
          className="rounded-[var(--radius-card)] border border-linen bg-white p-4 shadow-[var(--shadow-soft)]"
        >
          {prompt && (
            <div className="mb-3 flex items-start gap-2 rounded-xl bg-gold-100/70 px-3 py-2 text-sm">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <p className="flex-1">
                <span className="font-semibold">Reflecting on:</span> {prompt}
              </p>
              <button
                type="button"
                onClick={() => setPrompt(null)}
                className="rounded-full p-0.5 text-muted hover:bg-white hover:text-ink"
                aria-label="Stop reflecting on this prompt"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}
          <label htmlFor={`${ids}-comment`} className="sr-only">
            Share your reflection
          </label>
          <Textarea
            id={`${ids}-comment`}
            ref={box}
            rows={COMMENT_ROWS}
            value={content}
            maxLength={LIMITS.text}
            onChange={(e) => setContent(e.target.value)}
            placeholder={prompt ? "Write your reflection..." : "Share what this teaching stirred in you..."}
            className="resize-y"
          />
          <div className="mt-3 flex justify-end">
            <Button type="submit" disabled={blank || post.isPending}>
              {post.isPending ? "Sharing..." : "Share"}
            </Button>
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
          className="flex w-full items-center gap-2 rounded-[var(--radius-card)] px-5 py-4 text-left text-lg font-bold"
        >
          <Lightbulb className="size-5 text-gold-700" aria-hidden="true" />
          <span className="flex-1">Reflection Prompts</span>
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
              <p className="leading-relaxed">{prompt}</p>
              <Button
                size="sm"
                variant="secondary"
                className="self-start sm:self-center"
                onClick={() => onReflect(prompt)}
              >
                Reflect on This
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
        message="We couldn't load the reflections just now. Please try again."
        onRetry={() => void discussions.refetch()}
      />
    );
  }
  if (discussions.data.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-dashed border-linen bg-white/60 px-5 py-8 text-center text-muted">
        No reflections yet. Be the first to share what this teaching stirred in you.
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
      <LoadMore list={discussions} label="Show older reflections" className="" />
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
  return (
    <li className="flex gap-3">
      <Avatar user={{ firstName: name, profileImageUrl: d.user.profileImageUrl }} />
      <article
        aria-label={`Reflection by ${name}`}
        className="min-w-0 flex-1 rounded-2xl border border-linen/80 bg-white px-4 py-3"
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{name}</span>
          {d.isReflectionPrompt && <Badge tone="yellow">Reflection</Badge>}
          <time dateTime={d.createdAt} className="text-sm text-muted">
            {formatCompactAge(d.createdAt)}
          </time>
        </header>
        <p className="mt-1.5 leading-relaxed break-words whitespace-pre-wrap">{d.content}</p>
        <button
          type="button"
          onClick={onLike}
          disabled={liking}
          aria-pressed={d.likedByMe}
          aria-label={`Like reflection by ${name}, ${d.likes} ${d.likes === 1 ? "like" : "likes"}`}
          className={cn(
            "mt-2 -ml-2 inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-semibold transition-colors",
            d.likedByMe ? "text-clay-600 hover:bg-clay-50" : "text-muted hover:bg-parchment hover:text-ink",
          )}
        >
          <Heart className={cn("size-4", d.likedByMe && "fill-current")} aria-hidden="true" />
          <span className="tabular-nums">{d.likes}</span>
        </button>
      </article>
    </li>
  );
}
