import { t } from "~/web/lib/i18n";
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
      label={t("For patrons")}
      hint={
        noun === "video"
          ? t(
              "Every member sees this video listed with a lock; only patrons and administrators can watch it.",
            )
          : t(
              "Every member sees this course listed with a lock; only patrons and administrators can open it.",
            )
      }
      checked={checked}
      onCheckedChange={onCheckedChange}
    />
  );
}
