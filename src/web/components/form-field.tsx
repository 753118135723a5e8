import type { InputHTMLAttributes, ReactNode } from "react";
import type {
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from "react-hook-form";
import { t } from "~/web/lib/i18n";
import { Field, Input, PasswordInput } from "./ui/input";

/** What a control needs to belong to its field: its id, the form's registration, and the aria that ties them. */
export type FieldControl = UseFormRegisterReturn & {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
};

/**
 * One field of a react-hook-form form: the label, the control `children` draws (an `Input`, a
 * `Textarea`, a `Select`…, spreading `control`), its hint, and its error once validation has spoken.
 * The control is described by the error while there is one, else by the hint.
 */
export function FormField<T extends FieldValues, C, O>({
  form,
  name,
  id,
  label,
  hint,
  options,
  children,
}: {
  form: UseFormReturn<T, C, O>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  options?: RegisterOptions<T, Path<T>>;
  children: (control: FieldControl) => ReactNode;
}) {
  const error = (form.formState.errors as Partial<Record<string, { message?: string }>>)[name]?.message;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
        ...form.register(name, options),
      })}
    </Field>
  );
}

/**
 * A `FormField` whose control is an `Input` (a `PasswordInput`, with its show button, for
 * `type="password"`); the rest of the props are the input's own (`type`, `autoComplete`…).
 */
export function FormInput<T extends FieldValues, C, O>({
  form,
  name,
  id,
  label,
  hint,
  ...input
}: {
  form: UseFormReturn<T, C, O>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id">) {
  return (
    <FormField form={form} name={name} id={id} label={label} hint={hint}>
      {(control) =>
        input.type === "password" ? (
          <PasswordInput {...input} {...control} />
        ) : (
          <Input {...input} {...control} />
        )
      }
    </FormField>
  );
}

/**
 * A new password and the same again, for a form whose schema checks they match (its
 * `confirmPassword`); the first says what makes a good one.
 */
export function NewPasswordFields<T extends FieldValues, C, O>({
  form,
  name,
  id,
  hint,
}: {
  form: UseFormReturn<T, C, O>;
  /** The new password's field; the other is `confirmPassword`. */
  name: Path<T>;
  id: string;
  hint: string;
}) {
  return (
    <>
      <FormInput
        form={form}
        name={name}
        id={id}
        label={t("New password")}
        hint={hint}
        type="password"
        autoComplete="new-password"
      />
      <FormInput
        form={form}
        name={"confirmPassword" as Path<T>}
        id={`${id}-again`}
        label={t("Confirm new password")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
