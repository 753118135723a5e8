import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { TOAST_DURATION_MS } from "~/core/constants";
import { currentLocale, directionOf } from "~/core/i18n";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";
import { dismissToast, toastShown, useToasts } from "~/web/lib/toast";

/**
 * Toasts stack in the bottom corner at the end of the line (right, or left on a Hebrew page), above the
 * install card; swipe them away toward that edge, or press F8 to reach them. A title or description
 * that is an English message of the catalogue (a server's, a schema's) shows in the page's language.
 */
export default function Toaster() {
  const toasts = useToasts();
  const rtl = directionOf(currentLocale()) === "rtl";
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={rtl ? "left" : "right"}
      swipeThreshold={50}
      // Radix puts the shortcut's name where "{hotkey}" stands.
      label={t("Notification ({hotkey})", { hotkey: "{hotkey}" })}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          ref={(element) => {
            if (element) toastShown(toast.id);
          }}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pe-10 shadow-[var(--shadow-lift)]",
            "data-[state=open]:animate-slide-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-full rtl:data-[swipe=end]:-translate-x-full",
            toast.variant === "destructive"
              ? "border-red-200 bg-red-50 text-red-900"
              : "border-linen bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            {toast.title && (
              <Toast.Title className="font-semibold">{translateKnown(toast.title)}</Toast.Title>
            )}
            {toast.description && (
              <Toast.Description className="text-sm opacity-90">
                {translateKnown(toast.description)}
              </Toast.Description>
            )}
          </div>
          {toast.action && (
            <Toast.Action
              altText={translateKnown(toast.action.label)}
              onClick={toast.action.onClick}
              className="ms-auto shrink-0 rounded-full border border-current/20 px-3 py-1 text-sm font-semibold"
            >
              {translateKnown(toast.action.label)}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label={t("Close")}
            className="absolute top-3 end-3 rounded-full p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Above the phone's bottom bar, and above the install card while it shows (it sets the variable). */}
      <Toast.Viewport className="fixed end-0 bottom-[max(0px,calc(var(--install-card-clearance,0px)_-_0.5rem))] z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:max-w-[420px] max-md:bottom-[max(4rem,calc(var(--install-card-clearance,0px)_-_0.5rem))]" />
    </Toast.Provider>
  );
}
