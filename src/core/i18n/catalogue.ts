/**
 * The Hebrew catalogue: each message of the interface, keyed by its English text (the English is in
 * the code, where it is used). A message used in the code and missing here fails the type check and
 * the build (scripts/check-messages.mjs).
 */
import type admin from "./he/admin.json";
import type community from "./he/community.json";
import type core from "./he/core.json";
import type events from "./he/events.json";
import type lessons from "./he/lessons.json";
import type mail from "./he/mail.json";
import type prayer from "./he/prayer.json";
import type shell from "./he/shell.json";
import type videos from "./he/videos.json";
import type visitor from "./he/visitor.json";

type Catalogue = typeof core &
  typeof shell &
  typeof visitor &
  typeof prayer &
  typeof community &
  typeof videos &
  typeof admin &
  typeof events &
  typeof lessons &
  typeof mail;

/** A message of the interface: its English text, with ICU placeholders and plurals where it has them. */
export type MessageId = keyof Catalogue & string;
