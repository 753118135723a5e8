import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type CreateCultivationGroupInput,
  type CultivationGroupDetail,
  createCultivationGroupBody,
} from "~/core/groups/schemas";
import { DialogActions } from "~/web/components/dialog-actions";
import { SubmitButton } from "~/web/components/submit-button";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { t } from "~/web/lib/i18n";
import { isConflict, useUpdateGroup } from "./api";
import { GroupFormFields } from "./create-group-form";

const valuesOf = (group: CultivationGroupDetail): CreateCultivationGroupInput => ({
  name: group.name,
  category: group.category as CreateCultivationGroupInput["category"],
  description: group.description,
  guidelines: group.guidelines ?? "",
  isPrivate: group.isPrivate,
  requiresApproval: group.requiresApproval,
  maxMembers: group.maxMembers,
});

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
          <EditGroupForm group={group} onDone={() => setOpen(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditGroupForm({ group, onDone }: { group: CultivationGroupDetail; onDone: () => void }) {
  // The same schema as creation: every field is filled in, so its defaults never apply.
  const form = useForm({ resolver: zodResolver(createCultivationGroupBody), defaultValues: valuesOf(group) });
  const update = useUpdateGroup(group.id, {
    success: { title: t("Group updated"), description: t("Your changes have been saved.") },
    failure: {
      title: t("Error"),
      description: t("Failed to update the group. Please try again."),
      preferServerMessage: isConflict,
    },
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.handleSubmit((values) => update.mutate(values))} noValidate className="space-y-5">
      <GroupFormFields form={form} idPrefix="edit-group" />
      <DialogActions className="pt-2">
        <SubmitButton busy={update.isPending} label={t("Save Changes")} busyLabel={t("Saving...")} />
      </DialogActions>
    </form>
  );
}
