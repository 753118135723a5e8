import { t } from "~/web/lib/i18n";
import type { EditorModule } from "./api";

/** A move made: the new order, and the words that tell a screen reader where it went. */
export interface Moved {
  modules: EditorModule[];
  announcement: string;
}

const positionWords = (title: string, index: number, count: number, where?: string) =>
  where
    ? t("{title} moved to position {position} of {count} in {module}", {
        title,
        position: index + 1,
        count,
        module: where,
      })
    : t("{title} moved to position {position} of {count}", { title, position: index + 1, count });

/** The module at `from` put at `to` (both in range), the others keeping their order. */
export function placeModule(modules: EditorModule[], from: number, to: number): Moved | null {
  const moving = modules[from];
  if (!moving || to < 0 || to >= modules.length || from === to) return null;
  const next = modules.filter((_, i) => i !== from);
  next.splice(to, 0, moving);
  return { modules: next, announcement: positionWords(moving.title, to, next.length) };
}

/**
 * A lesson put into a module at an index (the end when beyond it). Moving into another module says
 * which, as the lesson then counts among that module's lessons.
 */
export function placeLesson(
  modules: EditorModule[],
  lessonId: number,
  moduleId: number,
  index: number,
): Moved | null {
  const source = modules.find((m) => m.lessons.some((l) => l.id === lessonId));
  const target = modules.find((m) => m.id === moduleId);
  const lesson = source?.lessons.find((l) => l.id === lessonId);
  if (!source || !target || !lesson) return null;
  const from = source.lessons.indexOf(lesson);
  if (source === target && from === index) return null;
  const without = modules.map((m) =>
    m === source ? { ...m, lessons: m.lessons.filter((l) => l.id !== lessonId) } : m,
  );
  const into = without.find((m) => m.id === moduleId)!;
  const at = Math.max(0, Math.min(index, into.lessons.length));
  const lessons = [...into.lessons];
  lessons.splice(at, 0, { ...lesson, moduleId });
  const next = without.map((m) => (m.id === moduleId ? { ...m, lessons } : m));
  return {
    modules: next,
    announcement: positionWords(
      lesson.title,
      at,
      lessons.length,
      source === target ? undefined : target.title,
    ),
  };
}

/**
 * One step up or down: within its module, or past its module's edge to the end of the module before
 * (or the start of the one after).
 */
export function stepLesson(modules: EditorModule[], lessonId: number, step: -1 | 1): Moved | null {
  const m = modules.findIndex((mod) => mod.lessons.some((l) => l.id === lessonId));
  const module = modules[m];
  if (!module) return null;
  const i = module.lessons.findIndex((l) => l.id === lessonId);
  const to = i + step;
  if (to >= 0 && to < module.lessons.length) return placeLesson(modules, lessonId, module.id, to);
  const neighbour = modules[m + step];
  if (!neighbour) return null;
  return placeLesson(modules, lessonId, neighbour.id, step < 0 ? neighbour.lessons.length : 0);
}

/** Whether a lesson can step that way (it is not already first, or last, in the course). */
export function canStep(modules: EditorModule[], lessonId: number, step: -1 | 1): boolean {
  const m = modules.findIndex((mod) => mod.lessons.some((l) => l.id === lessonId));
  const module = modules[m];
  if (!module) return false;
  const i = module.lessons.findIndex((l) => l.id === lessonId);
  const to = i + step;
  return (to >= 0 && to < module.lessons.length) || modules[m + step] !== undefined;
}
