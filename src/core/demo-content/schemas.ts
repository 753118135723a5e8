import { z } from "zod";
import type { MessageId } from "../i18n";

/** What an administrator types to confirm: the words the dialog shows her. */
export const DEMO_REMOVAL_CONFIRMATION = "remove demo content";

/** English keys: the browser shows them in the page's language. */
export const DEMO_CONTENT_MESSAGES = {
  confirm: `Type "${DEMO_REMOVAL_CONFIRMATION}" to confirm`,
  nothingLeft: "There is no demo content left to remove.",
  ownAccountFirst:
    "You are signed in with a demo account, which this removes too: sign in with your own administrator account first.",
} as const satisfies Record<string, MessageId>;

/** What the demo seed wrote that is still here, by kind, as the dashboard names them. */
export const demoContentCounts = z.object({
  members: z.number(),
  teachings: z.number(),
  articles: z.number(),
  courses: z.number(),
  groups: z.number(),
  events: z.number(),
  posts: z.number(),
  prayers: z.number(),
  gifts: z.number(),
  /** Everything else it wrote (notes, messages, notices, RSVPs…). */
  other: z.number(),
});
export type DemoContentCounts = z.infer<typeof demoContentCounts>;

export const demoContentStatus = z.object({
  /** Some of the demo content is still here. */
  present: z.boolean(),
  counts: demoContentCounts,
  /** She is signed in with a demo account, which the removal would take too: she cannot remove it. */
  signedInAsDemo: z.boolean(),
});
export type DemoContentStatus = z.infer<typeof demoContentStatus>;

export const demoRemovalBody = z.object({
  confirm: z
    .string({ message: DEMO_CONTENT_MESSAGES.confirm })
    .trim()
    .toLowerCase()
    .refine((v) => v === DEMO_REMOVAL_CONFIRMATION, { message: DEMO_CONTENT_MESSAGES.confirm }),
});
export type DemoRemovalBody = z.infer<typeof demoRemovalBody>;

/** What was removed. */
export const demoRemoval = z.object({ removed: demoContentCounts });
