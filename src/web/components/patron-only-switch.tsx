import { SwitchField } from "./switch-field";

/** The administrators' choice on a video or course form: kept for patrons, or open to every member. */
export function PatronOnlySwitch({
  id,
  noun,
  checked,
  onCheckedChange,
}: {
  id: string;
  noun: "video" | "course";
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <SwitchField
      id={id}
      label="For patrons"
      hint={`Every member sees this ${noun} listed with a lock; only patrons and administrators can ${
        noun === "video" ? "watch" : "open"
      } it.`}
      checked={checked}
      onCheckedChange={onCheckedChange}
    />
  );
}
