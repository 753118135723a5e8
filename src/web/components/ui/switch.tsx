import * as RadixSwitch from "@radix-ui/react-switch";
import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";

export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        "touch-hit inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-linen transition-colors",
        "data-[state=checked]:bg-sage-600 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.375rem]" />
    </RadixSwitch.Root>
  );
}
