import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  type CreateCultivationGroupInput,
  type CultivationGroupDetail,
  createCultivationGroupBody,
} from "~/core/groups/schemas";
import { DialogActions } from "~/web/components/dialog-actions";
import { SubmitButton } from "~/web/components/submit-button";
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

/** The group's fields and rules as at its creation, filled in (`EditGroupButton` loads it when opened). */
export default function EditGroupForm({
  group,
  onDone,
}: {
  group: CultivationGroupDetail;
  onDone: () => void;
}) {
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
