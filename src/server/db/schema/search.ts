import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { SEARCH_KINDS, type SearchKind, TITLED_SEARCH_KINDS } from "../../../core/search/schemas";
import { at } from "./columns";

/** The titled kinds' indexes hold their rows only (the queries say `s.kind in (…)` the same way). */
const TITLED_KINDS_SQL = `(${TITLED_SEARCH_KINDS.map((k) => `'${k}'`).join(", ")})`;
const titled = sql.raw(`"search_items"."kind" in ${TITLED_KINDS_SQL}`);
/** The kinds that are only ever searched within one member's own (her notes, her conversations, her groups). */
export const OWNED_SEARCH_KINDS: readonly SearchKind[] = ["note", "message", "post"];

/** PostgreSQL's text-search document; written and read only in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row for each thing a member may find by searching (decision 072): its kind, its words as
 * stored and as searched, and the columns the visibility rules read, under the names the rules in
 * `src/server/auth/policies/` give them (`user_id`, `hidden_at`, `is_private`, `group_id`…), so a
 * search applies those rules to this row as the source's own lists apply them to theirs.
 *
 * Triggers on the source tables keep it in the transaction of each change, each row made by its
 * source's `search_document(row)` (migration 0051); `npm run search:reindex` rebuilds it from them.
 */
export const searchItems = pgTable(
  "search_items",
  {
    /** Breaks ties between equally good results (a page's cursor). */
    id: bigserial("id", { mode: "number" }).notNull(),
    /** The table it comes from ('videos', 'cultivation_groups'…) and its id there. */
    source: text("source").notNull(),
    sourceId: integer("source_id").notNull(),
    /** One of SEARCH_KINDS (src/core/search/schemas.ts). */
    kind: text("kind").notNull(),
    /** Plain text, as shown. */
    title: text("title").notNull(),
    /** Its words: what a snippet is cut from. */
    body: text("body").notNull(),
    /** The item's date. */
    at: at("at").notNull(),
    /** Its author or owner: a request's, a post's, a note's, a message's sender. */
    userId: integer("user_id"),
    hiddenAt: at("hidden_at"),
    isPrivate: boolean("is_private").notNull().default(false),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** A post's group (its kind and id), an event's cultivation group. */
    groupKind: text("group_kind"),
    groupId: integer("group_id"),
    /** Who created an event. */
    createdBy: integer("created_by"),
    /** A message's conversation. */
    conversationId: integer("conversation_id"),
    /** A note's video and moment in it, in seconds. */
    videoId: integer("video_id"),
    seconds: integer("seconds"),
    /** Patron teaching: only its title is found by those who do not open it. */
    patronOnly: boolean("patron_only").notNull().default(false),
    /** Title (weight A) and body (weight B), folded (`search_fold`), English configuration. */
    vector: tsvector("vector").notNull(),
    /** The title's words unstemmed, for suggestions by the start of a word. */
    titleVector: tsvector("title_vector").notNull(),
    /** The title folded and Hebrew letters written in Latin ones, for trigram similarity. */
    titleTrigrams: text("title_trigrams").notNull(),
    /**
     * Among its kind's newest rows (`search_keep_recent`, migration 0059): a new row is, and the
     * search's upkeep moves the older ones out every few minutes.
     */
    recent: boolean("recent").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.sourceId] }),
    // A search reads each kind apart, on its own indexes: its newest rows' matches first, on an
    // index of those rows alone, then, when they are too few, the older rows' matches too, on the
    // other (src/server/features/search/queries.ts). A new row goes into one of them.
    ...SEARCH_KINDS.filter((kind) => !OWNED_SEARCH_KINDS.includes(kind)).flatMap((kind) => [
      index(`search_items_${kind}_recent_vector_idx`)
        .using("gin", t.vector)
        .where(sql`${t.kind} = ${sql.raw(`'${kind}'`)} and ${t.recent}`),
      index(`search_items_${kind}_vector_idx`)
        .using("gin", t.vector)
        .where(sql`${t.kind} = ${sql.raw(`'${kind}'`)} and not ${t.recent}`),
    ]),
    index("search_items_kind_recent_idx").on(t.kind, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Her notes, her conversations' messages and her groups' posts are a few among everyone's: their
    // words are read with whose they are (btree_gin), so a search reads only her matches, however
    // many others' match.
    index("search_items_note_owner_vector_idx")
      .using("gin", t.userId, t.vector)
      .where(sql`${t.kind} = 'note'`),
    index("search_items_message_conversation_vector_idx")
      .using("gin", t.conversationId, t.vector)
      .where(sql`${t.kind} = 'message'`),
    index("search_items_post_group_vector_idx")
      .using("gin", t.groupId, t.vector)
      .where(sql`${t.kind} = 'post'`),
    // Suggestions and titles like a mistyped search read the titled kinds' titles all at once.
    index("search_items_title_vector_idx").using("gin", t.titleVector).where(titled),
    index("search_items_titled_recent_idx")
      .on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(titled),
    index("search_items_title_trgm_idx").using("gin", sql`${t.titleTrigrams} gin_trgm_ops`).where(titled),
  ],
);
