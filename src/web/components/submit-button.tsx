import { Button, type ButtonProps } from "./ui/button";

/**
 * A form's submit button that says what it is doing while it does it (`busyLabel`: "Saving...")
 * and cannot be pressed again until it is done.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: {
  busy: boolean;
  busyLabel: string;
} & Omit<ButtonProps, "type">) {
  return (
    <Button type="submit" disabled={disabled || busy} {...button}>
      {busy ? busyLabel : children}
    </Button>
  );
}
