import { type ReactNode, Suspense, useState } from "react";
import { nextTurn, turnTaken } from "~/web/lib/hydration";

type Props = { as?: "div" | "section" | "li"; id?: string; className?: string; children: ReactNode };

/**
 * What the server drew, hydrated in a task of its own after the page around it. Hydrating a page is
 * one long task, during which a phone answers no press; cut into turns, it answers between them,
 * and what comes first on the page responds first. A press on a part still waiting is kept and made
 * once every part has hydrated (main.tsx). Rendered any other time, it is its children at once.
 */
export function HydratedInTurn({ as: Tag = "div", id, className, children }: Props) {
  const [turn] = useState(nextTurn);
  if (!turn)
    return (
      <Tag id={id} className={className}>
        {children}
      </Tag>
    );
  return (
    <Suspense fallback={null}>
      <WaitsForItsTurn turn={turn} as={Tag} id={id} className={className}>
        {children}
      </WaitsForItsTurn>
    </Suspense>
  );
}

// It suspends before it renders: hydration keeps the one element the server drew in its place and
// hydrates it when the turn comes.
function WaitsForItsTurn({
  turn,
  as: Tag = "div",
  id,
  className,
  children,
}: Props & { turn: Promise<void> }) {
  if (!turnTaken(turn)) throw turn;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
