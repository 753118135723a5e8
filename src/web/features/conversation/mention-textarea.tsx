import { AtSign } from "lucide-react";
import { type KeyboardEvent, type TextareaHTMLAttributes, useId, useMemo, useRef, useState } from "react";
import { isHiddenMember, personName } from "~/core/format";
import { Avatar } from "~/web/components/ui/avatar";
import { Button } from "~/web/components/ui/button";
import { Textarea } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import type { MentionCandidate } from "./api";

/** The name being typed after an `@` that ends just before the caret, if any. */
const TYPING = /(?:^|[\s(])@([\p{L}\p{M}'’-]*(?: [\p{L}\p{M}'’-]*)?)$/u;
const SHOWN = 6;

const fullName = (m: MentionCandidate) => personName(m, { form: "full", nameless: "" });

/**
 * A text box where `@` opens a list of the group's members: typing narrows it, arrows and Enter
 * (or a tap) choose, and "@First Last" is written in (the server finds her by that name).
 */
export function MentionTextarea({
  value,
  onValueChange,
  members,
  className,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  members: MentionCandidate[];
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState<{ query: string; start: number } | null>(null);
  const [active, setActive] = useState(0);

  const named = useMemo(() => members.filter((m) => !isHiddenMember(m) && fullName(m) !== ""), [members]);
  const matches = useMemo(() => {
    if (!typing) return [];
    const query = typing.query.toLowerCase();
    return named
      .filter((m) => {
        const name = fullName(m).toLowerCase();
        return name.startsWith(query) || (m.lastName ?? "").toLowerCase().startsWith(query);
      })
      .slice(0, SHOWN);
  }, [named, typing]);
  const open = typing !== null && matches.length > 0;

  const look = (text: string, caret: number) => {
    const found = TYPING.exec(text.slice(0, caret));
    if (!found) return setTyping(null);
    const query = found[1] ?? "";
    setTyping({ query, start: caret - query.length - 1 });
    setActive(0);
  };

  const choose = (member: MentionCandidate) => {
    const el = ref.current;
    if (!el || !typing) return;
    const caret = el.selectionStart;
    const written = `@${fullName(member)} `;
    const next = value.slice(0, typing.start) + written + value.slice(caret);
    onValueChange(next);
    setTyping(null);
    const at = typing.start + written.length;
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      const chosen = matches[active];
      if (chosen) choose(chosen);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setTyping(null);
    }
  };

  /** The "@" button: starts a mention where the caret is, for a thumb that has no `@` key handy. */
  const startMention = () => {
    const el = ref.current;
    if (!el) return;
    const caret = el.selectionStart ?? value.length;
    const before = value.slice(0, caret);
    const insert = before === "" || /\s$/.test(before) ? "@" : " @";
    const next = before + insert + value.slice(caret);
    onValueChange(next);
    const at = caret + insert.length;
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(at, at);
      look(next, at);
    });
  };

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        dir="auto"
        value={value}
        className={cn("pb-12", className)}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          look(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTyping(null)}
        onClick={(e) => look(value, e.currentTarget.selectionStart)}
        {...props}
      />
      {named.length > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="absolute bottom-1.5 start-1.5 text-muted"
          onClick={startMention}
          onMouseDown={(e) => e.preventDefault()}
        >
          <AtSign aria-hidden="true" /> {t("Mention")}
        </Button>
      )}
      {/* Above the box: on a phone the keyboard takes the space below it. */}
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t("Members to mention")}
          className="absolute inset-x-0 bottom-full z-20 mb-1 max-h-72 overflow-y-auto rounded-2xl border border-linen bg-white p-1 shadow-lg"
        >
          {matches.map((member, i) => (
            <div
              key={member.id}
              id={`${listId}-${i}`}
              role="option"
              // Chosen with the arrows from the text box, which keeps the focus (aria-activedescendant).
              tabIndex={-1}
              aria-selected={i === active}
              // Chosen on press, before the text box would lose its focus.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(member);
              }}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-1.5 text-sm font-semibold",
                i === active ? "bg-sage-100 text-sage-900" : "text-ink hover:bg-parchment",
              )}
            >
              <Avatar user={member} className="size-8 text-xs" />
              <span dir="auto" className="min-w-0 truncate">
                {fullName(member)}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
