import { Lock } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { formatRelativeAge } from "~/core/format";
import { LANGUAGE_NAMES, LOCALES, type Locale, type MessageId } from "~/core/i18n";
import { settingsEndpoints as api } from "~/core/settings/endpoints";
import {
  REGISTRATION_CHOICES,
  SETTING_FIELDS,
  SETTING_LIMITS,
  SETTING_NAMES,
  type SettingName,
} from "~/core/settings/fields";
import {
  SETTINGS_MESSAGES,
  type SettingsPatch,
  type SiteSettingsResponse,
  settingValues,
} from "~/core/settings/schemas";
import { zoneName } from "~/core/time-zones/names";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ErrorState } from "~/web/components/ui/empty-state";
import { Field, Input } from "~/web/components/ui/input";
import { Select } from "~/web/components/ui/select";
import { ApiError } from "~/web/lib/api";
import { keyOf, useEndpoint, useEndpointMutation } from "~/web/lib/endpoints";
import { currentLocale, t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";

type Values = Record<SettingName, string>;

/** What each field says under it, when the environment does not set it (translated where shown). */
const HINTS: Record<SettingName, MessageId> = {
  siteName: "The community's name, on every page, in the browser tab and in every e-mail.",
  founderName: "Shown on the landing page and with the articles.",
  welcomeLine: "A short line under the landing page's headline. Leave it empty for none.",
  contactEmail: "Where members can write to you: shown in the footer, the account menu and e-mails.",
  newsletterName: "The newsletter the articles come from, as members see it.",
  newsletterFeedUrl:
    "The newsletter's feed, which the article sync reads, e.g. https://example.substack.com/feed.",
  timeZone: "Where the ministry plans: new events and digests use it when a member's device says nothing.",
  registration: "Whether anyone may open an account, or only those you invite.",
  defaultLanguage:
    "The language of the pages for a member who has not chosen one and whose browser asks for neither.",
  patronPriceText: "How the patron price is shown, e.g. $15 (the pages add “a month”).",
};

const GROUPS: { title: MessageId; names: SettingName[] }[] = [
  {
    title: "The ministry",
    names: ["siteName", "founderName", "welcomeLine", "contactEmail", "timeZone", "defaultLanguage"],
  },
  { title: "Joining and giving", names: ["registration", "patronPriceText"] },
  { title: "Newsletter", names: ["newsletterName", "newsletterFeedUrl"] },
];

const valuesOf = (settings: SiteSettingsResponse): Values =>
  Object.fromEntries(SETTING_NAMES.map((name) => [name, settings[name].value ?? ""])) as Values;

/** A value as a read-only field shows it: a choice by its label, a zone with spaces. */
function shownValue(name: SettingName, value: string) {
  const choice = REGISTRATION_CHOICES.find((c) => c.value === value);
  return name === "registration"
    ? choice
      ? t(choice.label)
      : value
    : name === "defaultLanguage"
      ? (LANGUAGE_NAMES[value as Locale] ?? value)
      : name === "timeZone"
        ? zoneText(value)
        : value;
}

/**
 * A zone as the list shows it: its id, by which the list is ordered ("America/New York"), and in
 * another language than English the name of its time before it ("שעון ישראל · Asia/Jerusalem").
 */
function zoneText(zone: string) {
  const id = zone.replace(/_/g, " ");
  const locale = currentLocale();
  return locale === "en" ? id : `${zoneName(zone, locale)} · ${id}`;
}

/** The zones the browser knows, for the time zone's list (the saved one first if it is missing). */
function zoneList(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = known.includes("UTC") ? known : ["UTC", ...known];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}

/**
 * The administrators' Settings tab (decision 063): the ministry's name, welcome, contact, time zone,
 * joining, patron price and newsletter, applied at once on every server. A setting the server's
 * environment sets is shown read-only, saying which variable sets it.
 */
export default function SettingsTab() {
  const settings = useEndpoint(api.get, undefined);
  if (settings.isPending) {
    return (
      <Card className="p-6" aria-busy="true" aria-label={t("Loading the settings")}>
        <SkeletonGroup
          shapes={["h-6 w-40", "h-11 w-full", "h-11 w-full", "h-11 w-full"]}
          className="space-y-4"
        />
      </Card>
    );
  }
  if (settings.isError) {
    return (
      <ErrorState message={t("The settings could not be loaded.")} onRetry={() => void settings.refetch()} />
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: SiteSettingsResponse }) {
  const saved = useMemo(() => valuesOf(settings), [settings]);
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Partial<Record<SettingName, string>>>({});
  const [shownFor, setShownFor] = useState(settings);
  // A fresh answer from the server (after a save) is what the form shows from then on.
  if (shownFor !== settings) {
    setShownFor(settings);
    setValues(saved);
  }
  const editable = (name: SettingName) => settings[name].source !== "environment";
  const changed = SETTING_NAMES.filter((name) => editable(name) && values[name] !== saved[name]);

  const save = useEndpointMutation(api.update, {
    input: (body: SettingsPatch) => ({ body }),
    invalidates: () => [keyOf(api.get)],
    success: {
      title: t(SETTINGS_MESSAGES.saved),
      description: t("Members see the change from their next page."),
    },
    failure: {
      title: t("Error"),
      description: t("The settings could not be saved."),
      preferServerMessage: true,
    },
    onSuccess: (result) => {
      // This browser's own pages show the new values at once; everyone else's from their next page.
      Object.assign(publicConfig, {
        siteName: result.siteName.value,
        founderName: result.founderName.value,
        welcomeLine: result.welcomeLine.value,
        contactEmail: result.contactEmail.value,
        newsletterName: result.newsletterName.value,
        timeZone: result.timeZone.value,
        patronPriceText: result.patronPriceText.value,
        registration: result.registration.value,
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<SettingName, string>> = {};
    const body: Partial<Record<SettingName, string | null>> = {};
    for (const name of changed) {
      const value = values[name].trim();
      // An optional field left empty goes back to the server's own value.
      if (!value && (name === "contactEmail" || name === "newsletterFeedUrl")) {
        body[name] = null;
        continue;
      }
      const parsed = settingValues[name].safeParse(value);
      if (parsed.success) body[name] = parsed.data;
      // The schema's English message: the field shows it in the page's language.
      else found[name] = parsed.error.issues[0]?.message ?? t("Check this value.");
    }
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`setting-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    save.mutate(body as SettingsPatch);
  };

  const set = (name: SettingName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <p className="max-w-2xl text-muted">
        {t("What you change here reaches every member from their next page, without restarting the server.")}
      </p>
      {GROUPS.map((group) => (
        <Card key={group.title} className="p-5 sm:p-6">
          <h2 className="font-sans text-lg font-bold">{t(group.title)}</h2>
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            {group.names.map((name) => (
              <SettingField
                key={name}
                name={name}
                value={values[name]}
                error={errors[name]}
                setting={settings[name]}
                onChange={(value) => set(name, value)}
              />
            ))}
          </div>
        </Card>
      ))}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {settings.updatedAt
            ? settings.updatedBy
              ? t("Last changed {age} by {name}.", {
                  age: formatRelativeAge(settings.updatedAt),
                  name: settings.updatedBy,
                })
              : t("Last changed {age}.", { age: formatRelativeAge(settings.updatedAt) })
            : t("Nothing has been changed here yet.")}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button
            type="button"
            variant="outline"
            disabled={!changed.length || save.isPending}
            onClick={() => {
              setValues(saved);
              setErrors({});
            }}
          >
            {t("Undo changes")}
          </Button>
          <Button type="submit" disabled={!changed.length || save.isPending}>
            {save.isPending ? t("Saving…") : t("Save settings")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function SettingField({
  name,
  value,
  error,
  setting,
  onChange,
}: {
  name: SettingName;
  value: string;
  error: string | undefined;
  setting: SiteSettingsResponse[SettingName];
  onChange: (value: string) => void;
}) {
  const id = `setting-${name}`;
  const { label, variable } = SETTING_FIELDS[name];
  const locked = setting.source === "environment";
  const hint = locked
    ? t("Set by the server's {variable} setting, so it can't be changed here.", { variable })
    : t(HINTS[name]);
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const wide = name === "welcomeLine" || name === "newsletterFeedUrl";
  return (
    <div className={wide ? "md:col-span-2" : undefined}>
      <Field id={id} label={t(label)} hint={hint} error={error}>
        {locked ? (
          // Set by the environment: shown as text, read-only, whatever kind of field it is.
          <div className="relative">
            <Input
              {...common}
              value={shownValue(name, value)}
              readOnly
              className="bg-parchment pe-10 text-muted"
            />
            <Lock
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-muted"
            />
          </div>
        ) : name === "registration" ? (
          <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
            {REGISTRATION_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </Select>
        ) : name === "defaultLanguage" ? (
          <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </Select>
        ) : name === "timeZone" ? (
          <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
            {zoneList(value).map((zone) => (
              <option key={zone} value={zone}>
                {zoneText(zone)}
              </option>
            ))}
          </Select>
        ) : (
          <Input
            {...common}
            type={name === "contactEmail" ? "email" : name === "newsletterFeedUrl" ? "url" : "text"}
            inputMode={name === "contactEmail" ? "email" : name === "newsletterFeedUrl" ? "url" : undefined}
            // The ministry's own words, in whichever language it writes them; addresses read left to right.
            dir={name === "contactEmail" || name === "newsletterFeedUrl" ? "ltr" : "auto"}
            autoComplete="off"
            value={value}
            maxLength={
              name in SETTING_LIMITS ? SETTING_LIMITS[name as keyof typeof SETTING_LIMITS] : undefined
            }
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
