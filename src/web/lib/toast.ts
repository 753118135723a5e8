import { useSyncExternalStore } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "~/core/constants";

/** Toast state lives outside React so any module (API errors, guards) can raise one. */

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

const shownResolvers = new Map<string, () => void>();

/** Raises a toast; `shown` resolves once it is in the page (the toast area loads lazily). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const shown = new Promise<void>((resolve) => shownResolvers.set(id, resolve));
  const next = [{ ...input, id, open: true }, ...toasts];
  // A toast pushed out before it appeared counts as shown, so nothing waits on it forever.
  for (const dropped of next.slice(TOAST_LIMIT)) toastShown(dropped.id);
  emit(next.slice(0, TOAST_LIMIT));
  return { id, shown, dismiss: () => dismissToast(id) };
}

/** Called by the toaster when a toast's element is attached to the document. */
export function toastShown(id: string) {
  shownResolvers.get(id)?.();
  shownResolvers.delete(id);
}

/** Closes a toast; it is removed from memory after the (long) removal delay, as the spec says. */
export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removals.has(t.id)) {
      removals.set(
        t.id,
        setTimeout(() => {
          removals.delete(t.id);
          emit(toasts.filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
