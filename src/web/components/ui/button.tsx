import { type ButtonHTMLAttributes, forwardRef } from "react";
import { cn } from "~/web/lib/cn";

const variants = {
  primary: "bg-sage-600 text-white shadow-sm hover:bg-sage-700 active:bg-sage-800",
  accent: "bg-clay-600 text-white shadow-sm hover:bg-clay-700",
  secondary: "bg-sage-100 text-sage-800 hover:bg-sage-200",
  outline: "border border-linen bg-white/70 text-ink hover:bg-parchment",
  ghost: "text-ink hover:bg-parchment",
  destructive: "bg-danger text-white hover:bg-red-800",
  link: "text-sage-700 underline-offset-4 hover:underline px-0",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-5 text-[0.95rem] gap-2",
  lg: "h-13 px-7 text-base gap-2.5",
  icon: "h-10 w-10",
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
}

export const buttonClass = (
  variant: ButtonVariant = "primary",
  size: keyof typeof sizes = "md",
  extra?: string,
) =>
  cn(
    "inline-flex items-center justify-center rounded-full font-semibold whitespace-nowrap transition-colors",
    "disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-[1.1em] [&_svg]:shrink-0",
    variants[variant],
    sizes[size],
    extra,
  );

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});
