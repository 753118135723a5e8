import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { TOAST_DURATION_MS } from "~/core/constants";
import { cn } from "~/web/lib/cn";
import { dismissToast, toastShown, useToasts } from "~/web/lib/toast";

/** Toasts stack in the bottom-right corner, above the install card; swipe right or press F8 to reach them. */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          ref={(element) => {
            if (element) toastShown(t.id);
          }}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pe-10 shadow-[var(--shadow-lift)]",
            "data-[state=open]:animate-slide-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-full",
            t.variant === "destructive"
              ? "border-red-200 bg-red-50 text-red-900"
              : "border-linen bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="font-semibold">{t.title}</Toast.Title>}
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          {t.action && (
            <Toast.Action
              altText={t.action.label}
              onClick={t.action.onClick}
              className="ms-auto shrink-0 rounded-full border border-current/20 px-3 py-1 text-sm font-semibold"
            >
              {t.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
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
