import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import {
  CULTIVATION_CATEGORIES,
  GROUP_DEFAULT_MEMBERS,
  GROUP_MAX_MEMBERS,
  GROUP_MIN_MEMBERS,
} from "~/core/constants";
import {
  type CreateCultivationGroupBody,
  type CreateCultivationGroupInput,
  createCultivationGroupBody,
} from "~/core/groups/schemas";
import { FormField } from "~/web/components/form-field";
import { SwitchField } from "~/web/components/switch-field";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { useCreateGroup } from "./api";

const defaults: CreateCultivationGroupInput = {
  name: "",
  // No category until she picks one: the placeholder option stands for "not chosen".
  category: "" as CreateCultivationGroupInput["category"],
  description: "",
  guidelines: "",
  isPrivate: true,
  requiresApproval: true,
  maxMembers: GROUP_DEFAULT_MEMBERS,
};

const SWITCHES = [
  {
    name: "isPrivate",
    id: "private",
    label: "Private group",
    hint: "Only members can see who belongs to the group.",
  },
  {
    name: "requiresApproval",
    id: "approval",
    label: "Require approval to join",
    hint: "You approve each request before someone joins.",
  },
] as const;

type GroupForm = UseFormReturn<CreateCultivationGroupInput, unknown, CreateCultivationGroupBody>;

/** What a group's admins say of it, at its creation and when they edit it (`idPrefix` keeps ids apart). */
export function GroupFormFields({ form, idPrefix }: { form: GroupForm; idPrefix: string }) {
  return (
    <>
      <FormField form={form} name="name" id={`${idPrefix}-name`} label="Group Name">
        {(control) => <Input autoComplete="off" {...control} />}
      </FormField>
      <FormField form={form} name="category" id={`${idPrefix}-category`} label="Category">
        {(control) => (
          <Select {...control}>
            <option value="">Select a category</option>
            {Object.entries(CULTIVATION_CATEGORIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField form={form} name="description" id={`${idPrefix}-description`} label="Description">
        {(control) => (
          <Textarea
            rows={4}
            placeholder="Who is this group for, and what will you do together?"
            {...control}
          />
        )}
      </FormField>
      <FormField
        form={form}
        name="guidelines"
        id={`${idPrefix}-guidelines`}
        label="Group Guidelines (Optional)"
      >
        {(control) => (
          <Textarea rows={3} placeholder="For example: what is shared here stays here." {...control} />
        )}
      </FormField>
      <FormField
        form={form}
        name="maxMembers"
        id={`${idPrefix}-max`}
        label="Maximum Members"
        hint={`Between ${GROUP_MIN_MEMBERS} and ${GROUP_MAX_MEMBERS}.`}
        options={{ valueAsNumber: true }}
      >
        {(control) => (
          <Input
            type="number"
            inputMode="numeric"
            min={GROUP_MIN_MEMBERS}
            max={GROUP_MAX_MEMBERS}
            className="sm:w-40"
            {...control}
          />
        )}
      </FormField>

      <fieldset className="space-y-3 rounded-2xl bg-parchment/60 p-4">
        <legend className="sr-only">Privacy</legend>
        {SWITCHES.map(({ name, id, label, hint }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <SwitchField
                side="end"
                id={`${idPrefix}-${id}`}
                label={label}
                hint={hint}
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
              />
            )}
          />
        ))}
      </fieldset>
    </>
  );
}

export function CreateGroupForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm({ resolver: zodResolver(createCultivationGroupBody), defaultValues: defaults });
  const create = useCreateGroup({
    success: { title: "Group created", description: "Your cultivation group has been created successfully." },
    failure: { title: "Error", description: "Failed to create group. Please try again." },
    onSuccess: () => {
      form.reset(defaults);
      onCreated();
    },
  });
  const onSubmit = form.handleSubmit((values) => create.mutate(values));

  return (
    <Card className="mx-auto max-w-2xl p-5 sm:p-8">
      <h2 className="text-2xl font-semibold">Start a cultivation group</h2>
      <p className="mt-1 text-muted">
        Gather a small circle for fellowship and accountability. You'll be the group's admin.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <GroupFormFields form={form} idPrefix="group" />

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => form.reset(defaults)} disabled={create.isPending}>
            Reset
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create Group"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
