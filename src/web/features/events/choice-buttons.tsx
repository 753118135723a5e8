import { keysOf } from "~/core/choices";
import type { MessageId } from "~/core/i18n";
import { Button } from "~/web/components/ui/button";
import { t } from "~/web/lib/i18n";

/**
 * A row of buttons, one a choice in the order of `labels` (English, translated here), of which one is
 * chosen (pressed); the row is named for screen readers by `legend`.
 */
export function ChoiceButtons<T extends string>({
  legend,
  labels,
  chosen,
  onChoose,
  disabled,
}: {
  legend: string;
  labels: Record<T, MessageId>;
  chosen: T | undefined;
  onChoose: (choice: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {keysOf(labels).map((choice) => (
        <Button
          key={choice}
          size="sm"
          variant={chosen === choice ? "primary" : "outline"}
          aria-pressed={chosen === choice}
          onClick={() => onChoose(choice)}
        >
          {t(labels[choice])}
        </Button>
      ))}
    </fieldset>
  );
}
