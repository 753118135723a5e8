import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import {
  CULTIVATION_CATEGORIES,
  GROUP_DEFAULT_MEMBERS,
  GROUP_MAX_MEMBERS,
  GROUP_MIN_MEMBERS,
} from "~/core/constants";
import { type CreateCultivationGroupInput, createCultivationGroupBody } from "~/core/schemas/groups";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { Switch } from "~/web/components/ui/switch";
import { notifyError, notifySuccess } from "~/web/lib/notify";
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

export function CreateGroupForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm({ resolver: zodResolver(createCultivationGroupBody), defaultValues: defaults });
  const create = useCreateGroup({
    onSuccess: () => {
      notifySuccess("Group created", "Your cultivation group has been created successfully.");
      form.reset(defaults);
      onCreated();
    },
    onError: (err) =>
      notifyError(err, { title: "Error", description: "Failed to create group. Please try again." }),
  });
  const { errors } = form.formState;
  const invalid = (field: keyof CreateCultivationGroupInput) => ({
    "aria-invalid": Boolean(errors[field]),
    "aria-describedby": errors[field] ? `group-${field}-error` : undefined,
  });

  const onSubmit = form.handleSubmit((values) => create.mutate(values));

  return (
    <Card className="mx-auto max-w-2xl p-5 sm:p-8">
      <h2 className="text-2xl font-semibold">Start a cultivation group</h2>
      <p className="mt-1 text-muted">
        Gather a small circle for fellowship and accountability. You'll be the group's admin.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <Field id="group-name" label="Group Name" error={errors.name?.message}>
          <Input id="group-name" autoComplete="off" {...invalid("name")} {...form.register("name")} />
        </Field>
        <Field id="group-category" label="Category" error={errors.category?.message}>
          <Select id="group-category" {...invalid("category")} {...form.register("category")}>
            <option value="">Select a category</option>
            {Object.entries(CULTIVATION_CATEGORIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="group-description" label="Description" error={errors.description?.message}>
          <Textarea
            id="group-description"
            rows={4}
            placeholder="Who is this group for, and what will you do together?"
            {...invalid("description")}
            {...form.register("description")}
          />
        </Field>
        <Field id="group-guidelines" label="Group Guidelines (Optional)" error={errors.guidelines?.message}>
          <Textarea
            id="group-guidelines"
            rows={3}
            placeholder="For example: what is shared here stays here."
            {...invalid("guidelines")}
            {...form.register("guidelines")}
          />
        </Field>
        <Field
          id="group-max"
          label="Maximum Members"
          hint={`Between ${GROUP_MIN_MEMBERS} and ${GROUP_MAX_MEMBERS}.`}
          error={errors.maxMembers?.message}
        >
          <Input
            id="group-max"
            type="number"
            inputMode="numeric"
            min={GROUP_MIN_MEMBERS}
            max={GROUP_MAX_MEMBERS}
            className="sm:w-40"
            {...invalid("maxMembers")}
            aria-describedby={errors.maxMembers ? "group-max-error" : "group-max-hint"}
            {...form.register("maxMembers", { valueAsNumber: true })}
          />
        </Field>

        <fieldset className="space-y-3 rounded-2xl bg-parchment/60 p-4">
          <legend className="sr-only">Privacy</legend>
          <Controller
            control={form.control}
            name="isPrivate"
            render={({ field }) => (
              <SwitchRow
                id="group-private"
                label="Private group"
                hint="Only members can see who belongs to the group."
                checked={field.value ?? true}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="requiresApproval"
            render={({ field }) => (
              <SwitchRow
                id="group-approval"
                label="Require approval to join"
                hint="You approve each request before someone joins."
                checked={field.value ?? true}
                onChange={field.onChange}
              />
            )}
          />
        </fieldset>

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

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}
