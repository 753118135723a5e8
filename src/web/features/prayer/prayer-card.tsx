import { Check, HandHeart, MessageCircle, Sparkles, UserRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  formatCompactAge,
  formatLongDate,
  formatRelativeAge,
  isHiddenMember,
  personName,
} from "~/core/format";
import { PRAISE_NOTE_MAX } from "~/core/prayer/limits";
import type { PrayerPerson, PrayerRequest, PrayerResponse } from "~/core/prayer/schemas";
import { MemberText } from "~/web/components/member-text";
import { PrayerBadges } from "~/web/components/prayer-badges";
import { Avatar } from "~/web/components/ui/avatar";
import { Badge } from "~/web/components/ui/badge";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Textarea } from "~/web/components/ui/input";
import { Switch } from "~/web/components/ui/switch";
import { ContentActions, EditedMark } from "~/web/features/moderation";
import { useAuth } from "~/web/lib/auth";
import { Trans, t } from "~/web/lib/i18n";
import { prayerListKeys, useAllResponses, useMarkAnswered, usePray, useRespond } from "./api";

/** "Ruth A.": first name and last initial, which is all the wall needs to show. */
const shortName = (user: PrayerPerson) =>
  isHiddenMember(user) ? t("A member") : personName(user, { form: "short", nameless: t("A sister") });

const isAnonymous = (user: PrayerPerson) => user.id === undefined;

/** The author as the wall names her: "Anonymous" is the interface's word, a name is hers. */
const authorLabel = (user: PrayerPerson) => (isAnonymous(user) ? t("Anonymous") : shortName(user));

function PersonAvatar({ user, className }: { user: PrayerPerson; className?: string }) {
  if (isAnonymous(user)) {
    return (
      <span
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-parchment text-muted ${className ?? ""}`}
      >
        <UserRound className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return <Avatar user={user} className={className} />;
}

export function PrayerCard({
  request,
  respondOpen,
  onToggleRespond,
}: {
  request: PrayerRequest;
  respondOpen: boolean;
  onToggleRespond: (open: boolean) => void;
}) {
  const titleId = useId();
  const respondId = useId();
  const pray = usePray();
  const [showAll, setShowAll] = useState(false);
  const [answering, setAnswering] = useState(false);
  const prayed = request.prayedByMe;

  const onPray = () => pray.mutate(request.id);

  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={titleId}>
        <header className="flex items-start gap-3">
          <PersonAvatar user={request.user} />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-sans text-base font-bold wrap-anywhere text-ink">
              <span dir="auto">{authorLabel(request.user)}</span>
              {request.isMine && <span className="font-semibold text-muted"> {t("(you)")}</span>}
            </h3>
            <p className="text-sm text-muted">
              <time dateTime={request.createdAt} title={formatLongDate(request.createdAt)}>
                {formatCompactAge(request.createdAt)}
              </time>
              <EditedMark editedAt={request.editedAt} />
              {request.isAnonymous && !isAnonymous(request.user) && ` · ${t("shared anonymously")}`}
            </p>
          </div>
          <PrayerBadges isPrivate={request.isPrivate} isAnswered={request.isAnswered} />
        </header>

        <MemberText text={request.content} className="mt-4 leading-relaxed text-ink" />
        <div className="mt-2 flex justify-end">
          <ContentActions
            type="prayer_request"
            id={request.id}
            content={request.content}
            isMine={request.isMine}
            authorId={request.user.id}
            authorName={isAnonymous(request.user) ? t("this member") : shortName(request.user)}
            refresh={prayerListKeys(request.id)}
          />
        </div>

        {request.isAnswered && (
          <div className="mt-4 rounded-2xl border border-gold-100 bg-gold-100/50 p-4">
            <p className="flex items-center gap-1.5 text-sm font-bold text-amber-800">
              <Sparkles className="size-4" aria-hidden="true" /> {t("Praise report")}
              {request.answeredAt && (
                <span className="font-semibold text-muted">
                  {" · "}
                  <Trans
                    id="answered <0>{age}</0>"
                    values={{ age: formatRelativeAge(request.answeredAt) }}
                    components={{ 0: <time dateTime={request.answeredAt} /> }}
                  />
                </span>
              )}
            </p>
            {request.praiseNote && (
              <MemberText text={request.praiseNote} className="mt-1.5 leading-relaxed text-ink" />
            )}
          </div>
        )}

        <div className="mt-5 flex flex-wrap items-center gap-2">
          <PrayButton prayed={prayed} busy={pray.isPending} onPray={onPray} />
          <Button
            variant="outline"
            size="sm"
            aria-expanded={respondOpen}
            aria-controls={respondOpen ? respondId : undefined}
            onClick={() => onToggleRespond(!respondOpen)}
          >
            <MessageCircle aria-hidden="true" />
            {t("Respond")}
          </Button>
          {request.isMine && !request.isAnswered && (
            <Button variant="ghost" size="sm" onClick={() => setAnswering(true)}>
              <Sparkles aria-hidden="true" />
              {t("Mark answered")}
            </Button>
          )}
          <p className="ms-auto text-sm font-semibold text-sage-700" aria-live="polite">
            {prayerCountText(request)}
          </p>
        </div>

        {respondOpen && (
          <RespondForm id={respondId} requestId={request.id} onDone={() => onToggleRespond(false)} />
        )}

        {request.responseCount > 0 && (
          <Responses request={request} showAll={showAll} onShowAll={() => setShowAll(true)} />
        )}
      </article>
      {answering && <MarkAnsweredDialog requestId={request.id} onClose={() => setAnswering(false)} />}
    </Card>
  );
}

/**
 * How many have prayed. An open request nobody has prayed for yet invites the first prayer; an
 * answered one only counts (nobody is asked to pray for what God has already answered).
 */
function prayerCountText({ prayerCount, isAnswered }: PrayerRequest) {
  if (prayerCount > 0) return t("{count, plural, one {# prayer} other {# prayers}}", { count: prayerCount });
  return isAnswered ? "" : t("Be the first to pray");
}

/**
 * Before she prays: an outline "Pray", an invitation. After: a filled "I prayed" with a check, which
 * stays (a prayer cannot be taken back), so it is marked unavailable rather than greyed out.
 */
function PrayButton({ prayed, busy, onPray }: { prayed: boolean; busy: boolean; onPray: () => void }) {
  if (prayed) {
    return (
      <Button
        size="sm"
        aria-disabled="true"
        className="cursor-default hover:bg-sage-600 active:bg-sage-600"
        onClick={(event) => event.preventDefault()}
      >
        <Check aria-hidden="true" />
        {t("I prayed")}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="border-sage-500 text-sage-800 hover:bg-sage-50"
      onClick={onPray}
      disabled={busy}
    >
      <HandHeart aria-hidden="true" />
      {t("Pray")}
    </Button>
  );
}

function Responses({
  request,
  showAll,
  onShowAll,
}: {
  request: PrayerRequest;
  showAll: boolean;
  onShowAll: () => void;
}) {
  // Asked once for the card, not by every response: each asking is an observer of the cache.
  const viewerId = useAuth().user?.id;
  return showAll ? (
    <AllResponses request={request} viewerId={viewerId} />
  ) : (
    <ResponseList request={request} list={request.responses} viewerId={viewerId} onShowAll={onShowAll} />
  );
}

/** Every response, loaded when she asks for them (until then, the card's own few stay in view). */
function AllResponses({ request, viewerId }: { request: PrayerRequest; viewerId: number | undefined }) {
  const all = useAllResponses(request.id, true);
  // The full list comes newest first; the card reads oldest first, like a conversation.
  const list = all.data ? [...all.data].reverse() : request.responses;
  return (
    <ResponseList
      request={request}
      list={list}
      viewerId={viewerId}
      loading={all.isFetching}
      failed={all.isError}
      onShowAll={() => void all.refetch()}
    />
  );
}

function ResponseList({
  request,
  list,
  viewerId,
  onShowAll,
  loading = false,
  failed = false,
}: {
  request: PrayerRequest;
  list: PrayerResponse[];
  viewerId: number | undefined;
  onShowAll?: () => void;
  loading?: boolean;
  failed?: boolean;
}) {
  const hidden = request.responseCount - list.length;
  return (
    <div className="mt-5 border-t border-linen pt-4">
      <h4 className="sr-only">{t("Responses")}</h4>
      {hidden > 0 && (
        <button
          type="button"
          onClick={onShowAll}
          disabled={loading}
          className="mb-3 rounded-lg text-sm font-semibold text-sage-700 hover:underline disabled:opacity-60"
        >
          {loading
            ? t("Loading responses...")
            : t("{count, plural, other {Show all # responses}}", { count: request.responseCount })}
        </button>
      )}
      {failed && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {t("We couldn't load the other responses. Please try again.")}
        </p>
      )}
      <ul className="space-y-3">
        {list.map((response) => (
          <ResponseItem
            key={response.id}
            response={response}
            requestId={request.id}
            isMine={viewerId !== undefined && response.user.id === viewerId}
          />
        ))}
      </ul>
    </div>
  );
}

function ResponseItem({
  response,
  requestId,
  isMine,
}: {
  response: PrayerResponse;
  requestId: number;
  isMine: boolean;
}) {
  return (
    <li className="flex gap-3">
      <PersonAvatar user={response.user} className="size-8 text-sm" />
      <div className="min-w-0 flex-1 rounded-2xl bg-parchment/70 px-4 py-2.5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span dir="auto" className="font-bold wrap-anywhere">
            {authorLabel(response.user)}
          </span>
          <time dateTime={response.createdAt} className="text-muted">
            {formatRelativeAge(response.createdAt)}
          </time>
          <EditedMark editedAt={response.editedAt} />
          {response.isPraying && (
            <Badge tone="sage" className="py-0">
              <HandHeart className="size-3" aria-hidden="true" /> {t("Praying")}
            </Badge>
          )}
        </p>
        <MemberText text={response.content} className="mt-1 leading-relaxed" />
        <ContentActions
          type="prayer_response"
          id={response.id}
          content={response.content}
          isMine={isMine}
          authorId={response.user.id}
          authorName={isAnonymous(response.user) ? t("this member") : shortName(response.user)}
          refresh={prayerListKeys(requestId)}
        />
      </div>
    </li>
  );
}

function RespondForm({ id, requestId, onDone }: { id: string; requestId: number; onDone: () => void }) {
  const [content, setContent] = useState("");
  const [isPraying, setIsPraying] = useState(true);
  const respond = useRespond(() => {
    setContent("");
    onDone();
  });
  const blank = content.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || respond.isPending) return;
    respond.mutate({ id: requestId, content: content.trim(), isPraying });
  };

  return (
    <form id={id} onSubmit={submit} className="mt-4 space-y-3 rounded-2xl bg-sage-50 p-4">
      <label htmlFor={`${id}-text`} className="block text-sm font-semibold">
        {t("Your response")}
      </label>
      <Textarea
        id={`${id}-text`}
        dir="auto"
        rows={3}
        maxLength={5000}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t("Write a word of encouragement or a prayer...")}
        autoFocus
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5">
          <Switch id={`${id}-praying`} checked={isPraying} onCheckedChange={setIsPraying} />
          <label htmlFor={`${id}-praying`} className="text-sm font-medium">
            {t("I'm praying for this")}
          </label>
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onDone}>
            {t("Cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={blank || respond.isPending}>
            {respond.isPending ? t("Sending...") : t("Send Response")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function MarkAnsweredDialog({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const [note, setNote] = useState("");
  const mark = useMarkAnswered(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate({ id: requestId, praiseNote: note });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t("Mark as answered")}
        description={t("Share how God answered, so your sisters can rejoice with you. The note is optional.")}
      >
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={`praise-${requestId}`} className="block text-sm font-semibold">
              {t("Praise note")}
            </label>
            <Textarea
              id={`praise-${requestId}`}
              dir="auto"
              rows={4}
              maxLength={PRAISE_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t("The results came back clear! Thank you for praying...")}
            />
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{t("Cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? t("Saving...") : t("Mark Answered")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
