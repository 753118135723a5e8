import { Search, X } from "lucide-react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import type { SearchComboboxProps } from "./search-combobox";

/** The box with its suggestions loads as she reaches for it: every page carries only this button. */
let Combobox: ComponentType<SearchComboboxProps> | undefined;
let loading: Promise<unknown> | undefined;
const loadCombobox = () =>
  (loading ??= import("./search-combobox").then(
    (m) => {
      Combobox = m.default;
    },
    () => {
      loading = undefined;
    },
  ));

/** Whether she is writing somewhere: a key typed there is hers, not a shortcut. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file"].includes(target.type)
  );
}

/**
 * The header's search: a button (a field's look from a tablet's width, an icon on a phone) that opens
 * the box in its place, over the header on a phone. `/`, Ctrl-K or ⌘-K opens it from anywhere but a
 * field. What she typed stays if she leaves the box, until she follows a result.
 */
export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [, setLoaded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [location, navigate] = useLocation();

  const reach = () => {
    if (!Combobox) void loadCombobox().then(() => setLoaded(true));
  };
  const openBox = () => {
    reach();
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // Following a result or "See all results" leaves the page: the box closes, empty.
  useEffect(() => {
    setOpen(false);
    setDraft("");
  }, [location]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.altKey) return;
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey;
      const commandK = e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.shiftKey;
      if ((!slash && !commandK) || isTyping(e.target)) return;
      e.preventDefault();
      openBox();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    // A press elsewhere, or tabbing out of the box, closes it.
    const onOutside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  return (
    <div ref={root} className="md:relative">
      <button
        ref={button}
        type="button"
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-expanded={open}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        onClick={openBox}
        className={cn(
          "flex items-center gap-2 rounded-full p-2.5 text-muted transition-colors hover:bg-parchment hover:text-ink",
          "md:h-10 md:w-56 md:border md:border-linen md:bg-white md:px-3.5 md:hover:bg-white md:hover:border-sage-300",
          "lg:w-64 xl:h-auto xl:w-auto xl:border-0 xl:bg-transparent xl:p-2.5 xl:hover:bg-parchment",
        )}
      >
        <Search className="size-5 shrink-0 md:size-4 xl:size-5" aria-hidden="true" />
        <span className="sr-only md:not-sr-only md:flex-1 md:text-start md:text-sm xl:sr-only">
          {t("Search")}
        </span>
        <span
          aria-hidden="true"
          className="hidden rounded-md border border-linen px-1.5 text-xs text-muted md:inline xl:hidden"
        >
          /
        </span>
      </button>
      {open && (
        // Over the whole header row on a phone, over the button from a tablet's width (wider, over
        // the navigation, on a wide screen): nothing around it moves. The suggestions hang below it.
        <div className="absolute inset-x-0 top-0 z-40 flex h-16 items-center gap-2 bg-cream px-4 sm:px-6 md:inset-x-auto md:end-0 md:h-10 md:w-72 md:bg-transparent md:px-0 lg:w-80 xl:w-96">
          {Combobox ? (
            <Combobox value={draft} onValueChange={setDraft} onClose={close} inputClassName={INPUT_CLASS} />
          ) : (
            <div className="relative min-w-0 flex-1">
              <Search aria-hidden="true" className={ICON_CLASS} />
              <input
                // Stands in for the moment the box takes to arrive; what she types meanwhile is kept.
                // biome-ignore lint/a11y/noAutofocus: she asked for the box
                autoFocus
                type="search"
                aria-label={t("Search")}
                placeholder={t("Search the community...")}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  // Enter and Escape work before the suggestions arrive (or if they cannot).
                  if (e.key === "Enter" && draft.trim()) {
                    navigate(`/search?q=${encodeURIComponent(draft.trim())}`);
                    setDraft("");
                    close(false);
                  }
                  if (e.key === "Escape") close(true);
                }}
                className={INPUT_CLASS}
              />
            </div>
          )}
          <button
            type="button"
            onClick={() => close(true)}
            className="rounded-full p-2.5 text-muted transition-colors hover:bg-parchment hover:text-ink md:hidden"
            aria-label={t("Close search")}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

/** The open box's field, the same before and after its suggestions arrive. */
const INPUT_CLASS =
  "h-11 w-full min-w-0 rounded-full border border-sage-300 bg-white ps-10 pe-4 text-base text-ink shadow-sm placeholder:text-muted/80 focus:border-sage-500 md:h-10 md:text-sm [&::-webkit-search-cancel-button]:hidden";
const ICON_CLASS = "pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-muted";
