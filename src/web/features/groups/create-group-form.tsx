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
import type { MessageId } from "~/core/i18n";
import { FormField } from "~/web/components/form-field";
import { SwitchField } from "~/web/components/switch-field";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { t } from "~/web/lib/i18n";
import { categoryLabel, useCreateGroup } from "./api";

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
] as const satisfies ReadonlyArray<{ name: string; id: string; label: MessageId; hint: MessageId }>;

type GroupForm = UseFormReturn<CreateCultivationGroupInput, unknown, CreateCultivationGroupBody>;

/** What a group's admins say of it, at its creation and when they edit it (`idPrefix` keeps ids apart). */
export function GroupFormFields({ form, idPrefix }: { form: GroupForm; idPrefix: string }) {
  return (
    <>
      <FormField form={form} name="name" id={`${idPrefix}-name`} label={t("Group Name")}>
        {(control) => <Input dir="auto" autoComplete="off" {...control} />}
      </FormField>
      <FormField form={form} name="category" id={`${idPrefix}-category`} label={t("Category")}>
        {(control) => (
          <Select {...control}>
            <option value="">{t("Select a category")}</option>
            {Object.keys(CULTIVATION_CATEGORIES).map((value) => (
              <option key={value} value={value}>
                {categoryLabel(value)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField form={form} name="description" id={`${idPrefix}-description`} label={t("Description")}>
        {(control) => (
          <Textarea
            dir="auto"
            rows={4}
            placeholder={t("Who is this group for, and what will you do together?")}
            {...control}
          />
        )}
      </FormField>
      <FormField
        form={form}
        name="guidelines"
        id={`${idPrefix}-guidelines`}
        label={t("Group Guidelines (Optional)")}
      >
        {(control) => (
          <Textarea
            dir="auto"
            rows={3}
            placeholder={t("For example: what is shared here stays here.")}
            {...control}
          />
        )}
      </FormField>
      <FormField
        form={form}
        name="maxMembers"
        id={`${idPrefix}-max`}
        label={t("Maximum Members")}
        hint={t("Between {min} and {max}.", { min: GROUP_MIN_MEMBERS, max: GROUP_MAX_MEMBERS })}
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
        <legend className="sr-only">{t("Privacy")}</legend>
        {SWITCHES.map(({ name, id, label, hint }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <SwitchField
                side="end"
                id={`${idPrefix}-${id}`}
                label={t(label)}
                hint={t(hint)}
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
    success: {
      title: t("Group created"),
      description: t("Your cultivation group has been created successfully."),
    },
    failure: { title: t("Error"), description: t("Failed to create group. Please try again.") },
    onSuccess: () => {
      form.reset(defaults);
      onCreated();
    },
  });
  const onSubmit = form.handleSubmit((values) => create.mutate(values));

  return (
    <Card className="mx-auto max-w-2xl p-5 sm:p-8">
      <h2 className="text-2xl font-semibold">{t("Start a cultivation group")}</h2>
      <p className="mt-1 text-muted">
        {t("Gather a small circle for fellowship and accountability. You'll be the group's admin.")}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <GroupFormFields form={form} idPrefix="group" />

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => form.reset(defaults)} disabled={create.isPending}>
            {t("Reset")}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("Creating...") : t("Create Group")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
