import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { MEETING_TYPES } from "~/core/constants";
import {
  type CreateLocalGroupBody,
  type CreateLocalGroupInput,
  createLocalGroupBody,
  type LocalGroup,
} from "~/core/local-groups/schemas";
import { FormDialog } from "~/web/components/form-dialog";
import { FormField } from "~/web/components/form-field";
import { SwitchField } from "~/web/components/switch-field";
import { Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { t } from "~/web/lib/i18n";
import { useCreateLocalGroup, useUpdateLocalGroup } from "./api";
import { meetingTypeLabel } from "./local-group-details";

const defaults: CreateLocalGroupInput = {
  name: "",
  description: "",
  // No type until she picks one: the placeholder option stands for "not chosen".
  meetingType: "" as CreateLocalGroupInput["meetingType"],
  location: "",
  address: "",
  meetingTime: "",
  contactInfo: "",
  requiresApproval: true,
};

type LocalGroupForm = UseFormReturn<CreateLocalGroupInput, unknown, CreateLocalGroupBody>;

/** "Create Local Group" (SPEC §2.12, rules of §5). Closes and resets after success (§4). */
export function CreateLocalGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(createLocalGroupBody), defaultValues: defaults });
  const create = useCreateLocalGroup({
    success: {
      title: t("Group created"),
      description: t("Your local group has been created. You're its leader."),
    },
    failure: { title: t("Error"), description: t("Failed to create group. Please try again.") },
    onSuccess: () => {
      form.reset(defaults);
      onOpenChange(false);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("Create Local Group")}
      description={t(
        "Invite women near you to meet in person. Everyone sees the general area; the exact place and your contact details are shared with members only.",
      )}
      className="max-w-xl"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      submit={{ label: t("Create Group"), busyLabel: t("Creating..."), busy: create.isPending }}
    >
      <LocalGroupFields form={form} idPrefix="local" />
    </FormDialog>
  );
}

/** Her group as the form shows it: the optional details she left out are blank. */
/** What the edit form needs of her group: its card in her list, or its page. */
export type EditableLocalGroup = Pick<
  LocalGroup,
  | "id"
  | "name"
  | "description"
  | "meetingType"
  | "location"
  | "address"
  | "meetingTime"
  | "contactInfo"
  | "requiresApproval"
>;

const valuesOf = (group: EditableLocalGroup): CreateLocalGroupInput => ({
  name: group.name,
  description: group.description,
  meetingType: group.meetingType as CreateLocalGroupInput["meetingType"],
  location: group.location,
  address: group.address ?? "",
  meetingTime: group.meetingTime ?? "",
  contactInfo: group.contactInfo ?? "",
  requiresApproval: group.requiresApproval,
});

/** The leader changes her group's details, under the rules of its creation. */
export function EditLocalGroupDialog({
  group,
  open,
  onOpenChange,
}: {
  group: EditableLocalGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(createLocalGroupBody), values: valuesOf(group) });
  const update = useUpdateLocalGroup(group.id, {
    success: { title: t("Group updated"), description: t("Your group's details have been saved.") },
    failure: { title: t("Error"), description: t("Failed to update the group. Please try again.") },
    onSuccess: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("Edit Local Group")}
      description={t("Members see the changes at once; everyone else sees only the general area.")}
      className="max-w-xl"
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
      submit={{ label: t("Save Changes"), busyLabel: t("Saving..."), busy: update.isPending }}
    >
      <LocalGroupFields form={form} idPrefix={`local-${group.id}`} />
    </FormDialog>
  );
}

/** The group's details, as she creates it and as she edits it later. */
function LocalGroupFields({ form, idPrefix }: { form: LocalGroupForm; idPrefix: string }) {
  return (
    <>
      <FormField form={form} name="name" id={`${idPrefix}-name`} label={t("Group Name")}>
        {(control) => <Input dir="auto" autoComplete="off" {...control} />}
      </FormField>
      <FormField form={form} name="description" id={`${idPrefix}-description`} label={t("Description")}>
        {(control) => (
          <Textarea
            dir="auto"
            rows={3}
            placeholder={t("What will you do together, and who is it for?")}
            {...control}
          />
        )}
      </FormField>
      <FormField form={form} name="meetingType" id={`${idPrefix}-meetingType`} label={t("Meeting Type")}>
        {(control) => (
          <Select {...control}>
            <option value="">{t("Select a meeting type")}</option>
            {MEETING_TYPES.map((type) => (
              <option key={type} value={type}>
                {meetingTypeLabel(type)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          name="location"
          id={`${idPrefix}-location`}
          label={t("Location")}
          hint={t("City or neighbourhood. Everyone can see this.")}
        >
          {(control) => (
            <Input dir="auto" placeholder={t("e.g. Austin, TX")} autoComplete="address-level2" {...control} />
          )}
        </FormField>
        <FormField
          form={form}
          name="meetingTime"
          id={`${idPrefix}-meetingTime`}
          label={t("Meeting Time (Optional)")}
        >
          {(control) => <Input dir="auto" placeholder={t("e.g. Tuesdays at 7:00 PM")} {...control} />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="address"
        id={`${idPrefix}-address`}
        label={t("Exact Meeting Place (Optional)")}
        hint={t("Shared with members only.")}
      >
        {(control) => (
          <Input dir="auto" placeholder={t("e.g. Grace Church, room 204")} autoComplete="off" {...control} />
        )}
      </FormField>
      <FormField
        form={form}
        name="contactInfo"
        id={`${idPrefix}-contactInfo`}
        label={t("Contact Info (Optional)")}
        hint={t("An e-mail or phone number. Shared with members only.")}
      >
        {(control) => <Input dir="auto" autoComplete="off" {...control} />}
      </FormField>
      <Controller
        control={form.control}
        name="requiresApproval"
        render={({ field }) => (
          <div className="rounded-2xl bg-parchment/60 p-4">
            <SwitchField
              side="end"
              id={`${idPrefix}-approval`}
              label={t("Require approval to join")}
              hint={t(
                "You approve each request before someone joins. Only those you accept see the exact place and your contact details.",
              )}
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
            />
          </div>
        )}
      />
    </>
  );
}
