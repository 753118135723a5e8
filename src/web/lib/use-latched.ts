import { useRef } from "react";

/** Whether `on` has been true at any render of this component so far: once true, true for good. */
export function useLatched(on: boolean): boolean {
  const latched = useRef(false);
  if (on) latched.current = true;
  return latched.current;
}
