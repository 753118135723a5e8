import { Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { CultivationGroupDetail } from "~/core/groups/schemas";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { SkeletonLines } from "~/web/components/ui/skeleton";
import { t } from "~/web/lib/i18n";

// The form and its rules (the form library, zod) load when she opens it: a group's page, which
// its admins open mostly to read and write in the conversation, starts without them.
const EditGroupForm = lazy(() => import("./edit-group-form"));

/** "Edit Group" for the group's admins: the create form's fields and rules, filled in. */
export function EditGroupButton({ group }: { group: CultivationGroupDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" /> {t("Edit Group")}
      </Button>
      {open && (
        <DialogContent
          title={t("Edit group")}
          description={t("Members see the changes at once.")}
          className="max-w-xl"
        >
          <Suspense
            fallback={
              <SkeletonLines
                className="space-y-4"
                lines={["h-10 w-full", "h-10 w-full", "h-24 w-full", "h-10 w-1/2"]}
              />
            }
          >
            <EditGroupForm group={group} onDone={() => setOpen(false)} />
          </Suspense>
        </DialogContent>
      )}
    </Dialog>
  );
}
