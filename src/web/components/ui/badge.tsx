import type { HTMLAttributes } from "react";
import { cn } from "~/web/lib/cn";

const tones = {
  sage: "bg-sage-100 text-sage-800",
  clay: "bg-clay-100 text-clay-700",
  gold: "bg-gold-100 text-gold-700",
  neutral: "bg-parchment text-muted",
  green: "bg-emerald-100 text-emerald-800",
  yellow: "bg-amber-100 text-amber-800",
  blue: "bg-sky-100 text-sky-800",
  gray: "bg-stone-200 text-stone-700",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  tone = "sage",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
