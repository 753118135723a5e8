import { Button, type ButtonProps } from "./ui/button";

/**
 * A form's submit button (`label`) that says what it is doing while it does it (`busyLabel`:
 * "Saving...") and cannot be pressed again until it is done.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
  ...button
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
} & Omit<ButtonProps, "type" | "children">) {
  return (
    <Button type="submit" disabled={disabled || busy} {...button}>
      {busy ? busyLabel : label}
    </Button>
  );
}
