import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./ui/tabs";

/**
 * The open tab of a page, kept in the address as `?tab=` (none for the first, or `fallback`), so a
 * link or Back opens the same section. Anything else in `?tab=` opens the fallback. Changing tab
 * replaces the history entry rather than adding one.
 */
export function useTabParam<T extends string>(
  values: readonly T[],
  fallback: T = values[0] as T,
): [tab: T, select: (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab = values.includes(requested as T) ? (requested as T) : fallback;
  const select = (value: string) => setParams(value === fallback ? {} : { tab: value }, { replace: true });
  return [tab, select];
}

export interface TabSection<T extends string = string> {
  value: T;
  /** The trigger's text (and icon, unless `icon` gives one shown before it). */
  label: ReactNode;
  icon?: LucideIcon;
  content: ReactNode;
}

/**
 * A page's sections as tabs, the open one in the address (`useTabParam`). On a phone the tab row
 * scrolls sideways with a fade where more tabs wait, and the open tab is kept in sight (`TabsList`). Pass `tab` and `onSelect` from your own
 * `useTabParam` when the page switches tabs itself (a button that opens another section).
 */
export function TabbedPage<T extends string>({
  label,
  sections,
  tab,
  onSelect,
  className,
  triggerClassName,
}: {
  /** Names the tab list: "Dashboard sections". */
  label: string;
  sections: readonly TabSection<T>[];
  tab?: T;
  onSelect?: (value: string) => void;
  className?: string;
  triggerClassName?: string;
}) {
  const own = useTabParam(sections.map((s) => s.value));
  const [open, select] = tab !== undefined && onSelect ? [tab, onSelect] : own;

  return (
    <Tabs value={open} onValueChange={select} className={className}>
      <TabsList aria-label={label}>
        {sections.map((s) => (
          <TabsTrigger key={s.value} value={s.value} className={triggerClassName}>
            {s.icon ? (
              <>
                <s.icon className="size-4" aria-hidden="true" /> {s.label}
              </>
            ) : (
              s.label
            )}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map((s) => (
        <TabsContent key={s.value} value={s.value}>
          {s.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
