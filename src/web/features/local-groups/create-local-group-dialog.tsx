import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { MEETING_TYPES } from "~/core/constants";
import { type CreateLocalGroupInput, createLocalGroupBody } from "~/core/schemas/local-groups";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/web/components/ui/dialog";
import { Field, Input, Textarea } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { notifyError, notifySuccess } from "~/web/lib/notify";
import { useCreateLocalGroup } from "./api";

const defaults: CreateLocalGroupInput = {
  name: "",
  description: "",
  // No type until she picks one: the placeholder option stands for "not chosen".
  meetingType: "" as CreateLocalGroupInput["meetingType"],
  location: "",
  address: "",
  meetingTime: "",
  contactInfo: "",
};

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
    onSuccess: () => {
      notifySuccess("Group created", "Your local group has been created. You're its leader.");
      form.reset(defaults);
      onOpenChange(false);
    },
    onError: (err) =>
      notifyError(err, { title: "Error", description: "Failed to create group. Please try again." }),
  });
  const { errors } = form.formState;
  const a11y = (field: keyof CreateLocalGroupInput, hint = false) => ({
    "aria-invalid": Boolean(errors[field]),
    "aria-describedby": errors[field] ? `local-${field}-error` : hint ? `local-${field}-hint` : undefined,
  });

  const onSubmit = form.handleSubmit((values) => create.mutate(values));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create Local Group"
        description="Invite women near you to meet in person. Everyone sees the general area; the exact place and your contact details are shared with members only."
        className="max-w-xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id="local-name" label="Group Name" error={errors.name?.message}>
            <Input id="local-name" autoComplete="off" {...a11y("name")} {...form.register("name")} />
          </Field>
          <Field id="local-description" label="Description" error={errors.description?.message}>
            <Textarea
              id="local-description"
              rows={3}
              placeholder="What will you do together, and who is it for?"
              {...a11y("description")}
              {...form.register("description")}
            />
          </Field>
          <Field id="local-meetingType" label="Meeting Type" error={errors.meetingType?.message}>
            <Select id="local-meetingType" {...a11y("meetingType")} {...form.register("meetingType")}>
              <option value="">Select a meeting type</option>
              {MEETING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="local-location"
              label="Location"
              hint="City or neighbourhood. Everyone can see this."
              error={errors.location?.message}
            >
              <Input
                id="local-location"
                placeholder="e.g. Austin, TX"
                autoComplete="address-level2"
                {...a11y("location", true)}
                {...form.register("location")}
              />
            </Field>
            <Field id="local-meetingTime" label="Meeting Time (Optional)" error={errors.meetingTime?.message}>
              <Input
                id="local-meetingTime"
                placeholder="e.g. Tuesdays at 7:00 PM"
                {...a11y("meetingTime")}
                {...form.register("meetingTime")}
              />
            </Field>
          </div>
          <Field
            id="local-address"
            label="Exact Meeting Place (Optional)"
            hint="Shared with members only."
            error={errors.address?.message}
          >
            <Input
              id="local-address"
              placeholder="e.g. Grace Church, room 204"
              autoComplete="off"
              {...a11y("address", true)}
              {...form.register("address")}
            />
          </Field>
          <Field
            id="local-contactInfo"
            label="Contact Info (Optional)"
            hint="An e-mail or phone number. Shared with members only."
            error={errors.contactInfo?.message}
          >
            <Input
              id="local-contactInfo"
              autoComplete="off"
              {...a11y("contactInfo", true)}
              {...form.register("contactInfo")}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Group"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
