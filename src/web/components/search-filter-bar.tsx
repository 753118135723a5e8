import { type LucideIcon, Search, X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { Button } from "./ui/button";
import { EmptyState } from "./ui/empty-state";
import { Input } from "./ui/input";
import { Skeleton } from "./ui/skeleton";

/**
 * A list's search box and its filters, in a search landmark (unnamed: a name would also match
 * `getByLabel(label)` and the page has one search at a time). Phones get the box on its own row and
 * the filters below it; wider screens (from `besideFrom`) put them side by side unless `stacked`
 * (chip rows that need the width). The box is controlled: the screen keeps what she types and asks the server with
 * `useDebounced(value.trim())` from `~/web/lib/use-debounced`, so one request goes per pause.
 *
 * ```tsx
 * const [draft, setDraft] = useState("");
 * const search = useDebounced(draft.trim());
 * <SearchFilterBar label="Search groups" placeholder="Search groups..." value={draft} onValueChange={setDraft}>
 *   <Select aria-label="Filter by category" ...>...</Select>
 * </SearchFilterBar>
 * ```
 */
const BESIDE = { sm: "sm:flex-row sm:items-center", lg: "lg:flex-row lg:items-center" };

export function SearchFilterBar({
  label,
  placeholder,
  value,
  onValueChange,
  clearable = false,
  stacked = false,
  besideFrom = "sm",
  children,
  className,
  boxClassName,
}: {
  /** Names the box (a visually hidden label): "Search videos". */
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A "Clear search" button inside the box while it holds text. */
  clearable?: boolean;
  /** Filters below the box on every screen. */
  stacked?: boolean;
  /** From which width the filters stand beside the box (unless `stacked`): "sm" or "lg". */
  besideFrom?: "sm" | "lg";
  /** The filters: `FilterChips`, a `Select`, a switch… */
  children?: ReactNode;
  className?: string;
  /** Width of the box's column, e.g. "sm:max-w-md". */
  boxClassName?: string;
}) {
  const id = useId();
  return (
    <div
      role="search"
      className={cn(
        "flex flex-col gap-3",
        !stacked && children !== undefined && BESIDE[besideFrom],
        className,
      )}
    >
      <div className={cn("relative min-w-0", stacked ? "max-w-xl" : "flex-1", boxClassName)}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 start-3.5 size-4 -translate-y-1/2 text-muted"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          placeholder={placeholder}
          className={cn("ps-10", clearable && "pe-10")}
          enterKeyHint="search"
        />
        {clearable && value && (
          <button
            type="button"
            onClick={() => onValueChange("")}
            className="absolute top-1/2 end-2 -translate-y-1/2 rounded-full p-1.5 text-muted hover:bg-parchment hover:text-ink"
            aria-label={t("Clear search")}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {children}
    </div>
  );
}

export interface FilterOption<T> {
  value: T;
  label: string;
  /** "auto" for a label members or administrators wrote (an article's topic): it reads in its own direction. */
  dir?: "auto";
}

/**
 * One choice among a few, as a row of pressed/unpressed chips that scrolls sideways on a phone and
 * wraps on wider screens. `loading` shows placeholder chips after the first option (the "All" one)
 * while the rest of the choices load.
 */
export function FilterChips<T>({
  label,
  options,
  selected,
  onSelect,
  loading = false,
  className,
}: {
  /** Names the group: "Series", "Topics". */
  label: string;
  options: readonly FilterOption<T>[];
  selected: T;
  onSelect: (value: T) => void;
  loading?: boolean;
  className?: string;
}) {
  const shown = loading ? options.slice(0, 1) : options;
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        "-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0",
        className,
      )}
    >
      {shown.map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={option.value === selected}
          dir={option.dir}
          onClick={() => onSelect(option.value)}
          className={cn(
            "shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
            option.value === selected
              ? "border-sage-600 bg-sage-600 text-white"
              : "border-linen bg-white text-muted hover:border-sage-300 hover:text-ink",
          )}
        >
          {option.label}
        </button>
      ))}
      {loading && [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-9 w-24 shrink-0 rounded-full" />)}
    </div>
  );
}

/** A filtered list that found nothing: what to try (`children`), and "Clear Filters" to see it all. */
export function NoMatches({
  icon = Search,
  title,
  onClear,
  children,
}: {
  icon?: LucideIcon;
  /** "No videos found". */
  title: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Button variant="outline" onClick={onClear}>
          {t("Clear Filters")}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
