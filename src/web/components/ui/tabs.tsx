import * as RadixTabs from "@radix-ui/react-tabs";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ComponentProps, useEffect, useRef, useState } from "react";
import { cn } from "~/web/lib/cn";

export const Tabs = RadixTabs.Root;

/**
 * A row of tabs that fits, or scrolls sideways where it cannot (a phone): a soft fade on the side
 * where more tabs wait says there is more, and the open tab is always scrolled into sight.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const max = el.scrollWidth - el.clientWidth;
      // Right to left, scrolling runs from 0 to -max: counted from the start either way.
      const scrolled = Math.abs(el.scrollLeft);
      const before = scrolled > 1;
      const after = scrolled < max - 1;
      setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
    };
    // Keep the open tab in sight: on arrival and whenever another opens.
    const showActive = () => {
      const active = el.querySelector<HTMLElement>('[data-state="active"]');
      if (!active) return;
      const left = active.offsetLeft - el.clientWidth / 2 + active.offsetWidth / 2;
      const rtl = getComputedStyle(el).direction === "rtl";
      el.scrollTo({
        // Right to left the row scrolls from 0 to -max and offsets count from the same origin.
        left: rtl ? Math.min(0, left) : Math.max(0, left),
        behavior: "auto",
      });
      measure();
    };
    showActive();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    const changes = new MutationObserver(showActive);
    changes.observe(el, { subtree: true, attributeFilter: ["data-state"] });
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      resize.disconnect();
      changes.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, []);

  return (
    <div className="relative flex max-w-full">
      <RadixTabs.List
        ref={list}
        className={cn(
          "inline-flex max-w-full min-w-0 gap-1 overflow-x-auto overscroll-x-contain rounded-full bg-parchment p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
          className,
        )}
        {...props}
      />
      <ScrollFade side="start" shown={more.before} />
      <ScrollFade side="end" shown={more.after} />
    </div>
  );
}

/** The edge where more tabs wait: parchment fading into the row, with a chevron. */
function ScrollFade({ side, shown }: { side: "start" | "end"; shown: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-scroll-hint={side}
      className={cn(
        "pointer-events-none absolute inset-y-0 flex w-12 items-center transition-opacity duration-150",
        side === "start"
          ? "start-0 justify-start rounded-s-full bg-gradient-to-r rtl:bg-gradient-to-l from-parchment from-40% to-transparent ps-1.5"
          : "end-0 justify-end rounded-e-full bg-gradient-to-l rtl:bg-gradient-to-r from-parchment from-40% to-transparent pe-1.5",
        shown ? "opacity-100" : "opacity-0",
      )}
    >
      {side === "start" ? (
        <ChevronLeft className="size-4 text-muted" aria-hidden="true" />
      ) : (
        <ChevronRight className="size-4 text-muted" aria-hidden="true" />
      )}
    </span>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-muted transition-colors",
        "hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm",
        // Drawn inside the row, whose scrolling would clip a ring outside the tab.
        "focus-visible:outline-offset-[-3px]",
        className,
      )}
      {...props}
    />
  );
}

/** A tab's panel. Not a stop of its own for the keyboard (Radix makes it one): Tab goes from the tab list straight to the panel's first control. */
export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content tabIndex={-1} className={cn("mt-6 outline-none", className)} {...props} />;
}
