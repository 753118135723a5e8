import { z } from "zod";
import { dateTime, oneLine, pageQuery } from "../common-schemas";
import { EXPERIENCE_LEVELS, LIMITS } from "../constants";

export const DISCIPLESHIP_MESSAGES = {
  missing: "Please fill in all required fields.",
  tooManyAreas: "Please choose at most 10 focus areas.",
  onlyMentor: "Only the mentor can respond to this connection.",
  notPending: "This connection is no longer waiting for an answer.",
  notActive: "Only an active connection can be marked completed.",
  notWaiting: "This request has already been matched or withdrawn.",
} as const;

export const FOCUS_AREAS_MAX = 10;

/** "prayer, Grief ,, motherhood" -> ["prayer", "Grief", "motherhood"]: split on commas, trimmed, empties dropped. */
export function splitFocusAreas(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

const focusAreasSchema = z
  .array(oneLine(z.string({ message: DISCIPLESHIP_MESSAGES.missing }).trim()).max(LIMITS.tag), {
    message: DISCIPLESHIP_MESSAGES.missing,
  })
  .transform((areas) => {
    // One entry per area whatever its case; matching is case-insensitive anyway.
    const seen = new Set<string>();
    return areas.filter((a) => {
      const key = a.toLowerCase();
      if (!a || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(
    z
      .array(z.string())
      .min(1, { message: DISCIPLESHIP_MESSAGES.missing })
      .max(FOCUS_AREAS_MAX, { message: DISCIPLESHIP_MESSAGES.tooManyAreas }),
  );

/** A mentee level asks for a mentor; a mentor level offers to mentor (SPEC §5). */
export const createConnectionBody = z.object({
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { message: DISCIPLESHIP_MESSAGES.missing }),
  focusAreas: focusAreasSchema,
});
export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

/**
 * The request or offer as she fills it in: the focus areas typed comma-separated (SPEC §5), checked
 * as the request is, each message shown beside its field.
 */
export const mentorshipForm = createConnectionBody.extend({
  focusAreas: z.string().transform(splitFocusAreas).pipe(createConnectionBody.shape.focusAreas),
});
export type MentorshipFormInput = z.input<typeof mentorshipForm>;

export const connectionsQuery = pageQuery;

export const discipleshipPerson = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type DiscipleshipPerson = z.input<typeof discipleshipPerson>;

export const CONNECTION_STATUSES = ["waiting", "pending", "active", "declined", "completed"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * One row of "My Connections": a matched connection (`kind: "connection"`), or the member's own
 * request or offer still waiting for a match (`kind: "request" | "offer"`, status "waiting",
 * the id is then the request's or offer's id).
 */
export const discipleshipConnection = z.object({
  id: z.number(),
  kind: z.enum(["connection", "request", "offer"]),
  /** The member's side: "mentee" for a request, "mentor" for an offer. */
  role: z.enum(["mentor", "mentee"]),
  status: z.enum(CONNECTION_STATUSES),
  mentorId: z.number().nullable(),
  mentor: discipleshipPerson.nullable(),
  mentee: discipleshipPerson.nullable(),
  focusAreas: z.array(z.string()),
  experienceLevel: z.string(),
  createdAt: dateTime,
});
export type DiscipleshipConnection = z.input<typeof discipleshipConnection>;

export const discipleshipConnectionList = z.array(discipleshipConnection);

export const createConnectionResult = discipleshipConnection.extend({ matched: z.boolean() });
export type CreateConnectionResult = z.input<typeof createConnectionResult>;
