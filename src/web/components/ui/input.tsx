import { Eye, EyeOff } from "lucide-react";
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes, useState } from "react";
import { cn } from "~/web/lib/cn";
import { t, translateKnown } from "~/web/lib/i18n";

const field =
  "w-full rounded-xl border border-linen bg-white px-3.5 text-ink placeholder:text-muted/80 shadow-inner shadow-black/[0.02] " +
  // Focus shows the same gold outline as every button and link (styles.css), on a sage border.
  "transition-colors focus:border-sage-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400 " +
  "disabled:opacity-60 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-red-100";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(field, "h-11", className)} {...props} />;
});

/**
 * A password field with an eye button that shows what she typed, and hides it again. The button's
 * name stays "Show password" and `aria-pressed` says whether it is shown.
 */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, "type">
>(function PasswordInput({ className, id, ...props }, ref) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        className={cn(field, "h-11 pe-12", className)}
        {...props}
        type={shown ? "text" : "password"}
      />
      <button
        type="button"
        aria-pressed={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
        className="absolute top-1/2 end-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted transition-colors hover:bg-parchment hover:text-ink"
      >
        <Icon className="size-5" aria-hidden="true" />
        {/* Named by its text, not aria-label, so "Password" still labels only the field. */}
        <span className="sr-only">{t("Show password")}</span>
      </button>
    </div>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(field, "py-2.5 leading-relaxed", className)} {...props} />;
  },
);

/**
 * A label, the control, and its error message wired for screen readers. The hint and the error may
 * be English messages from a schema or the server: shown in the page's language when the catalogue
 * has them.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {translateKnown(hint)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {translateKnown(error)}
        </p>
      )}
    </div>
  );
}
