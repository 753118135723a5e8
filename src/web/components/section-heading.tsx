import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The heading of a card of her settings (Privacy, Blocked members…): its icon, then its title. */
export function SectionHeading({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <h2 className="flex items-center gap-2 font-sans text-xl font-bold">
      <Icon className="size-5 text-sage-600" aria-hidden="true" />
      {children}
    </h2>
  );
}
