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
import { useCreateLocalGroup, useUpdateLocalGroup } from "./api";

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
    success: { title: "Group created", description: "Your local group has been created. You're its leader." },
    failure: { title: "Error", description: "Failed to create group. Please try again." },
    onSuccess: () => {
      form.reset(defaults);
      onOpenChange(false);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Local Group"
      description="Invite women near you to meet in person. Everyone sees the general area; the exact place and your contact details are shared with members only."
      className="max-w-xl"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      submit={{ label: "Create Group", busyLabel: "Creating...", busy: create.isPending }}
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
    success: { title: "Group updated", description: "Your group's details have been saved." },
    failure: { title: "Error", description: "Failed to update the group. Please try again." },
    onSuccess: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Local Group"
      description="Members see the changes at once; everyone else sees only the general area."
      className="max-w-xl"
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
      submit={{ label: "Save Changes", busyLabel: "Saving...", busy: update.isPending }}
    >
      <LocalGroupFields form={form} idPrefix={`local-${group.id}`} />
    </FormDialog>
  );
}

/** The group's details, as she creates it and as she edits it later. */
function LocalGroupFields({ form, idPrefix }: { form: LocalGroupForm; idPrefix: string }) {
  return (
    <>
      <FormField form={form} name="name" id={`${idPrefix}-name`} label="Group Name">
        {(control) => <Input autoComplete="off" {...control} />}
      </FormField>
      <FormField form={form} name="description" id={`${idPrefix}-description`} label="Description">
        {(control) => (
          <Textarea rows={3} placeholder="What will you do together, and who is it for?" {...control} />
        )}
      </FormField>
      <FormField form={form} name="meetingType" id={`${idPrefix}-meetingType`} label="Meeting Type">
        {(control) => (
          <Select {...control}>
            <option value="">Select a meeting type</option>
            {MEETING_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
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
          label="Location"
          hint="City or neighbourhood. Everyone can see this."
        >
          {(control) => <Input placeholder="e.g. Austin, TX" autoComplete="address-level2" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="meetingTime"
          id={`${idPrefix}-meetingTime`}
          label="Meeting Time (Optional)"
        >
          {(control) => <Input placeholder="e.g. Tuesdays at 7:00 PM" {...control} />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="address"
        id={`${idPrefix}-address`}
        label="Exact Meeting Place (Optional)"
        hint="Shared with members only."
      >
        {(control) => <Input placeholder="e.g. Grace Church, room 204" autoComplete="off" {...control} />}
      </FormField>
      <FormField
        form={form}
        name="contactInfo"
        id={`${idPrefix}-contactInfo`}
        label="Contact Info (Optional)"
        hint="An e-mail or phone number. Shared with members only."
      >
        {(control) => <Input autoComplete="off" {...control} />}
      </FormField>
      <Controller
        control={form.control}
        name="requiresApproval"
        render={({ field }) => (
          <div className="rounded-2xl bg-parchment/60 p-4">
            <SwitchField
              side="end"
              id={`${idPrefix}-approval`}
              label="Require approval to join"
              hint="You approve each request before someone joins. Only those you accept see the exact place and your contact details."
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
            />
          </div>
        )}
      />
    </>
  );
}
