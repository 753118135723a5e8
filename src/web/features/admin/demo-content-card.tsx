import { Sprout } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { demoContentEndpoints as api } from "~/core/demo-content/endpoints";
import {
  DEMO_CONTENT_MESSAGES,
  DEMO_REMOVAL_CONFIRMATION,
  type DemoContentCounts,
} from "~/core/demo-content/schemas";
import { DialogActions } from "~/web/components/dialog-actions";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input } from "~/web/components/ui/input";
import { useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

/** How the card names what is left, in the order a ministry thinks of it. */
const NAMES: [keyof DemoContentCounts, (count: number) => string][] = [
  ["members", (count) => t("{count, plural, one {# demo member} other {# demo members}}", { count })],
  ["teachings", (count) => t("{count, plural, one {# teaching} other {# teachings}}", { count })],
  ["articles", (count) => t("{count, plural, one {# article} other {# articles}}", { count })],
  ["courses", (count) => t("{count, plural, one {# course} other {# courses}}", { count })],
  ["groups", (count) => t("{count, plural, one {# group} other {# groups}}", { count })],
  ["events", (count) => t("{count, plural, one {# event} other {# events}}", { count })],
  ["posts", (count) => t("{count, plural, one {# post} other {# posts}}", { count })],
  ["prayers", (count) => t("{count, plural, one {# prayer request} other {# prayer requests}}", { count })],
  ["gifts", (count) => t("{count, plural, one {# gift} other {# gifts}}", { count })],
];

const whatIsLeft = (counts: DemoContentCounts) =>
  NAMES.filter(([key]) => counts[key] > 0)
    .map(([key, name]) => name(counts[key]))
    .join(", ");

/**
 * On the overview while the trial's demo content is still here: what it is, and its removal once the
 * ministry goes live (typed to confirm). Nothing shows once it is gone.
 */
export function DemoContentCard() {
  const status = useEndpoint(api.status, undefined, { staleTime: 0, refetchOnMount: "always" });
  const [open, setOpen] = useState(false);
  if (!status.data?.present) return null;
  return (
    <Card className="border-gold-200 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-sans text-lg font-bold">
        <Sprout className="size-5 text-gold-700" aria-hidden="true" />
        {t("Demo content")}
      </h2>
      <p className="mt-3 text-ink">
        {t(
          "The first start filled this community with examples: {examples}. When your ministry is ready to welcome real members, remove them. What real members have added stays.",
          { examples: whatIsLeft(status.data.counts) },
        )}
      </p>
      {status.data.signedInAsDemo ? (
        <p className="mt-3 text-sm text-muted">
          {t(
            "You are signed in with the demo administrator, which goes with it: to remove the demo content, sign in with your own administrator account.",
          )}
        </p>
      ) : (
        <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
          {t("Remove Demo Content")}
        </Button>
      )}
      {open && <RemoveDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function RemoveDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const remove = useEndpointMutation(api.remove, {
    input: (confirm: string) => ({ body: { confirm } }),
    success: {
      title: t("Demo content removed"),
      description: t("Your community now holds only what is real."),
    },
    failure: {
      title: t("Not removed"),
      description: t("The demo content could not be removed. Please try again."),
      preferServerMessage: true,
    },
    // Every list may have shown demo rows.
    invalidates: () => [[]],
    onSuccess: onClose,
  });
  const matches = typed.trim().toLowerCase() === DEMO_REMOVAL_CONFIRMATION;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return setError(t(DEMO_CONTENT_MESSAGES.confirm));
    remove.mutate(typed);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t("Remove the demo content?")}
        description={t(
          "Every demo member, teaching, article, course, group, event, post, prayer and gift goes for good, with anything attached to them. This cannot be undone.",
        )}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id={id} label={t(DEMO_CONTENT_MESSAGES.confirm)} error={error}>
            <Input
              id={id}
              value={typed}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogActions>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? t("Removing...") : t("Remove Demo Content")}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
