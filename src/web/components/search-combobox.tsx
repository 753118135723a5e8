import { keepPreviousData } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { searchEndpoints as api } from "~/core/search/endpoints";
import { cn } from "~/web/lib/cn";
import { useEndpoint } from "~/web/lib/endpoints";
import { Trans, t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { SEARCH_KIND_WORDS, SearchKindIcon } from "./search-kinds";

/** What the header gives its search box, which it loads as she reaches for it. */
export interface SearchComboboxProps {
  /** What she typed, kept by the header while the box comes and goes. */
  value: string;
  onValueChange: (value: string) => void;
  /** Closes the box; `refocus`: back to the header's search button (Escape). */
  onClose: (refocus: boolean) => void;
  /** The field's look, the header's: the same as the field that stood in while this loaded. */
  inputClassName: string;
}

/** Suggestions start at this many characters (the API's shortest search). */
const SUGGEST_FROM = 2;
/** She pauses this long before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

const resultsPage = (q: string) => `/search?q=${encodeURIComponent(q)}`;

/**
 * The header's search box: a combobox whose listbox offers titles as she types (from two characters,
 * once she pauses), then "See all results". The suggestions shown stay until the next ones arrive,
 * so the list does not blink between keys. Arrow keys move through them, Enter opens the one chosen
 * (or the results page), Escape closes the list, then the box.
 */
export default function SearchCombobox({
  value,
  onValueChange,
  onClose,
  inputClassName,
}: SearchComboboxProps) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const typed = value.trim();
  const asked = useDebounced(typed, SUGGEST_DELAY_MS);
  const suggestions = useEndpoint(
    api.suggest,
    { query: { q: asked } },
    { enabled: asked.length >= SUGGEST_FROM, placeholderData: keepPreviousData, staleTime: 60_000 },
  );
  const [expanded, setExpanded] = useState(true);
  const [active, setActive] = useState(-1);

  const enough = typed.length >= SUGGEST_FROM;
  const items = enough ? (suggestions.data ?? []) : [];
  // The suggestions, then "See all results".
  const count = enough ? items.length + 1 : 0;
  const shown = expanded && enough;
  const optionId = (i: number) => `${ids}-option-${i}`;
  const listId = `${ids}-list`;

  // A new word or new suggestions: nothing chosen yet.
  useEffect(() => setActive(-1), [typed, suggestions.data]);

  // Opened with what she typed before: the caret after it.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const finish = () => {
    onValueChange("");
    onClose(false);
  };
  const open = (index: number) => {
    const url = items[index]?.url ?? resultsPage(typed);
    navigate(url);
    finish();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        e.preventDefault();
        if (!shown) {
          setExpanded(true);
          return;
        }
        const down = e.key === "ArrowDown";
        setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
        return;
      }
      case "Enter":
        if (e.nativeEvent.isComposing) return;
        e.preventDefault();
        if (shown && active >= 0) open(active);
        else if (typed) open(-1);
        return;
      case "Escape":
        // Not the browser's own Escape in a search field, which would empty it.
        e.preventDefault();
        if (shown) {
          setExpanded(false);
          setActive(-1);
        } else onClose(true);
        return;
    }
  };

  const answered = enough && suggestions.isSuccess && !suggestions.isPlaceholderData && asked === typed;

  return (
    <>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-muted"
        />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label={t("Search")}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={shown ? listId : undefined}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          placeholder={t("Search the community...")}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
            setExpanded(true);
          }}
          onKeyDown={onKeyDown}
          className={inputClassName}
        />
      </div>
      {shown && (
        <div className="absolute inset-x-3 top-full z-40 mt-2 overflow-hidden rounded-[var(--radius-card)] border border-linen bg-white shadow-xl shadow-ink/10 md:inset-x-auto md:end-0 md:mt-3 md:w-[26rem]">
          {answered && items.length === 0 && (
            <p className="px-4 pt-3 pb-1 text-sm text-muted">{t("No titles match yet.")}</p>
          )}
          <div
            role="listbox"
            id={listId}
            aria-label={t("Suggestions")}
            className="max-h-[min(28rem,60dvh)] overflow-y-auto py-1.5"
          >
            {items.map((s, i) => (
              <Link
                key={`${s.kind}-${s.id}`}
                href={s.url}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                // The box keeps the focus (and a phone its keyboard) while she presses a suggestion.
                onMouseDown={(e) => e.preventDefault()}
                onClick={finish}
                className={cn(
                  "flex items-center gap-3 px-3 py-2 transition-colors hover:bg-parchment/70",
                  i === active && "bg-parchment",
                )}
              >
                <SearchKindIcon kind={s.kind} className="size-8" />
                <span className="min-w-0 flex-1">
                  <span dir="auto" className="block truncate font-semibold text-ink">
                    {s.title}
                  </span>
                  <span className="block text-xs text-muted">{t(SEARCH_KIND_WORDS[s.kind].one)}</span>
                </span>
              </Link>
            ))}
            <Link
              href={resultsPage(typed)}
              id={optionId(items.length)}
              role="option"
              aria-selected={active === items.length}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={finish}
              className={cn(
                "flex items-center gap-3 px-3 py-2.5 text-sm font-semibold text-sage-700 transition-colors hover:bg-parchment/70",
                items.length > 0 && "border-t border-linen",
                active === items.length && "bg-parchment",
              )}
            >
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-xl bg-sage-100"
              >
                <Search className="size-4" />
              </span>
              <span className="min-w-0 flex-1 truncate">
                <Trans
                  id="See all results for “<0>{query}</0>”"
                  values={{ query: typed }}
                  components={{ 0: <bdi /> }}
                />
              </span>
            </Link>
          </div>
          <p className="sr-only" aria-live="polite">
            {answered
              ? t("{count, plural, =0 {No suggestions} one {# suggestion} other {# suggestions}}", {
                  count: items.length,
                })
              : ""}
          </p>
        </div>
      )}
    </>
  );
}
