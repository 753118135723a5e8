import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { type Control, useController } from "react-hook-form";
import type { EventFormInput, EventFormOutput } from "~/core/events/schemas";
import { zoneCity } from "~/core/time-zones/names";
import { Field, Input } from "~/web/components/ui/input";
import { cn } from "~/web/lib/cn";
import { t } from "~/web/lib/i18n";
import { matchZones, searchable, type ZoneChoice, zoneChoice, zoneChoices, zoneLabel } from "./zone-choices";

/**
 * The event's time zone, found by typing a city or a country ("Jerusal", "Israel"), hers first: a
 * combobox (ARIA 1.2) whose text box keeps the focus while the arrows move through the list, Enter
 * or a tap chooses, and Escape closes the list without closing the dialog. What she types is only
 * a search: the form holds a zone from the list, so it is never refused as unknown.
 */
export function TimeZoneField({
  control,
  id,
  own,
}: {
  control: Control<EventFormInput, unknown, EventFormOutput>;
  id: string;
  /** Her own zone (the browser's), offered first. */
  own: string;
}) {
  const { field, fieldState } = useController({ control, name: "timeZone" });
  // Every zone is named when she first opens the list or types, not as the form opens: in another
  // language than English each name is a call to Intl. Until then only the chosen zone is named.
  const [choices, setChoices] = useState<ZoneChoice[]>([]);
  const listChoices = () => {
    if (choices.length > 0) return choices;
    const all = zoneChoices(own);
    setChoices(all);
    return all;
  };
  const chosen = useMemo(
    () => choices.find((c) => c.id === field.value) ?? (field.value ? zoneChoice(field.value) : undefined),
    [choices, field.value],
  );
  // Not typing: the zone chosen, by its city and country.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchZones(choices, query ?? ""), [choices, query]);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const hintId = `${id}-hint`;
  const error = fieldState.error?.message;

  const choose = (zone: ZoneChoice) => {
    field.onChange(zone.id);
    setQuery(null);
    setOpen(false);
  };

  const openList = () => {
    if (open) return;
    // Opened on the zone chosen, when the list shows it.
    const at = matchZones(listChoices(), query ?? "").findIndex((c) => c.id === field.value);
    setActive(Math.max(0, at));
    setOpen(true);
  };

  // Escape closes the list, not the dialog around it: heard before the dialog's own listener.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      setOpen(false);
      setQuery(null);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  // The option the arrows reach stays in sight.
  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), matches.length - 1));
    } else if (e.key === "Enter" && open) {
      // Chooses, rather than sending the form.
      e.preventDefault();
      const zone = matches[active];
      if (zone) choose(zone);
    }
  };

  const onBlur = () => {
    setOpen(false);
    if (query !== null) {
      // Words that name one zone exactly ("Asia/Jerusalem", "Jerusalem", "שעון ישראל") choose it;
      // others are let go.
      const typed = searchable(query);
      const exact = choices.filter(
        (c) =>
          searchable(c.id) === typed || searchable(c.city) === typed || searchable(zoneCity(c.id)) === typed,
      );
      if (exact.length === 1) field.onChange(exact[0]!.id);
      setQuery(null);
    }
    field.onBlur();
  };

  return (
    <Field
      id={id}
      label={t("Time Zone")}
      hint={t("Where it happens: type a city or a country.")}
      error={error}
    >
      <div className="relative">
        <Input
          ref={field.ref}
          id={id}
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : hintId}
          className="pe-11"
          value={query ?? (chosen ? zoneLabel(chosen) : field.value)}
          onChange={(e) => {
            listChoices();
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={openList}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("Show time zones")}
          className="absolute top-1/2 end-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-parchment"
          // The text box keeps the focus.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => (open ? setOpen(false) : openList())}
        >
          <ChevronDown className="size-5" aria-hidden="true" />
        </button>
        {open && matches.length === 0 && (
          <p
            role="status"
            className="absolute inset-x-0 top-full z-20 mt-1 rounded-2xl border border-linen bg-white px-4 py-3 text-sm text-muted shadow-lg"
          >
            {t("No time zone matches. Try a city or a country.")}
          </p>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={t("Time zones")}
          hidden={!open || matches.length === 0}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-2xl border border-linen bg-white p-1 shadow-lg"
        >
          {open &&
            matches.map((zone, i) => (
              <div
                key={zone.id}
                id={optionId(i)}
                role="option"
                // Chosen with the arrows from the text box, which keeps the focus (aria-activedescendant).
                tabIndex={-1}
                aria-selected={i === active}
                className={cn(
                  "flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-xl px-3 py-2.5",
                  i === active ? "bg-sage-100 text-sage-900" : "hover:bg-parchment",
                )}
                // Chosen on press, before the text box would lose its focus.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(zone);
                }}
                onMouseMove={() => setActive(i)}
              >
                <span className="font-semibold">
                  {zoneLabel(zone)}
                  {i === 0 && zone.id === own && (
                    <span className="font-normal text-muted"> · {t("your time zone")}</span>
                  )}
                </span>{" "}
                <span className="text-xs text-muted">{zone.id}</span>
              </div>
            ))}
        </div>
      </div>
    </Field>
  );
}
