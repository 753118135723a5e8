import { type ReactNode, Suspense, useState } from "react";
import { nextTurn, turnTaken } from "~/web/lib/hydration";

type Props = { as?: "div" | "section" | "li"; id?: string; className?: string; children: ReactNode };

/**
 * What the server drew, hydrated in a task of its own after the page around it. Hydrating a page is
 * one long task, during which a phone answers no press; cut into turns, it answers between them,
 * and what comes first on the page responds first. A press on a part still waiting is kept and made
 * once every part has hydrated (main.tsx). Rendered any other time, it is its children at once.
 */
export function HydratedInTurn(props: Props) {
  const [turn] = useState(nextTurn);
  const part = <Part turn={turn} {...props} />;
  return turn ? <Suspense fallback={null}>{part}</Suspense> : part;
}

// Waiting for its turn, it suspends before it renders: hydration keeps the one element the server
// drew in its place and hydrates it when the turn comes.
function Part({ turn, as: Tag = "div", id, className, children }: Props & { turn: Promise<void> | null }) {
  if (turn && !turnTaken(turn)) throw turn;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
