import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  // Radix returns focus to a `Dialog.Trigger`; ours are opened by their owners' state, so the
  // element that had focus when the dialog opened (the button she pressed) gets it back.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px] animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          "fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[90dvh] w-[calc(100%-2rem)] -translate-y-1/2",
          // A dialog that asks to be wider says so with a max-w class of its own.
          !/(^|\s)max-w-/.test(className ?? "") && "max-w-lg",
          "overflow-y-auto rounded-3xl bg-cream p-6 shadow-[var(--shadow-lift)] animate-pop-in sm:p-8",
          className,
        )}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = opener.current;
          if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
        }}
      >
        <RadixDialog.Title className="pe-8 font-display text-2xl font-semibold text-ink">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
        ) : (
          <RadixDialog.Description className="sr-only">
            {typeof title === "string" ? title : ""}
          </RadixDialog.Description>
        )}
        <div className="mt-5">{children}</div>
        <RadixDialog.Close
          className="absolute top-4 end-4 rounded-full p-2 text-muted transition-colors hover:bg-parchment hover:text-ink"
          aria-label={t("Close")}
        >
          <X className="size-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
