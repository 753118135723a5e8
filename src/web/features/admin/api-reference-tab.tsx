import { Download, Globe, type LucideIcon, Search, ShieldCheck, Users } from "lucide-react";
import { Fragment, type ReactNode, useId, useMemo, useState } from "react";
import { formatCount } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { type ApiDocument, type ApiOperation, referenceEndpoints } from "~/core/reference/endpoints";
import { Badge, type BadgeTone } from "~/web/components/ui/badge";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Input } from "~/web/components/ui/input";
import { SkeletonCards } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { useEndpoint } from "~/web/lib/endpoints";
import { Trans, t } from "~/web/lib/i18n";
import { useDebounced } from "~/web/lib/use-debounced";
import { useDeferredData } from "~/web/lib/use-deferred-data";
import { useHydrated } from "~/web/lib/use-hydrated";

const DOCUMENT_URL = referenceEndpoints.openApi.path;

type JsonSchema = Record<string, unknown>;

interface Entry {
  method: string;
  /** OpenAPI style: `/api/prayer-requests/{id}/pray`. */
  path: string;
  operation: ApiOperation;
}

interface Group {
  tag: string;
  label: string;
  entries: Entry[];
}

/**
 * Admin dashboard, API tab: the OpenAPI document the server generates from the endpoint
 * declarations, read as a reference: each endpoint by feature, who may call it, what it takes and
 * what it answers.
 */
export default function ApiReferenceTab() {
  // The document is large (some 200 KB) and changes only with a new release of the server: the
  // browser asks for it once, rather than the server prefetching it into the page (markup and state).
  const reference = useEndpoint(referenceEndpoints.openApi, undefined, {
    enabled: useHydrated(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Ninety-odd cards: rendered in slices, so the page keeps answering meanwhile.
  const { data, pending } = useDeferredData(reference);
  const [draft, setDraft] = useState("");
  const search = useDebounced(draft.trim());
  const headingId = useId();
  const searchId = useId();

  const groups = useMemo(() => (data ? groupsOf(data) : []), [data]);
  const shown = useMemo(() => matching(groups, search), [groups, search]);
  const total = groups.reduce((n, g) => n + g.entries.length, 0);
  const found = shown.reduce((n, g) => n + g.entries.length, 0);

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-2xl font-semibold">
            {t("API reference")}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            {t(
              "Every endpoint the app calls, described from the same declarations the server runs on: who may call it, what it takes and what it answers.",
            )}
          </p>
        </div>
        <a
          href={DOCUMENT_URL}
          download="mishpacha-openapi.json"
          className={buttonClass("outline", "sm", "self-start sm:self-auto")}
        >
          <Download aria-hidden="true" /> {t("Download OpenAPI document")}
        </a>
      </div>

      <div className="relative max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {t("Search endpoints")}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 start-3.5 size-5 -translate-y-1/2 text-muted"
        />
        <Input
          id={searchId}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("Search by path or summary...")}
          className="ps-11"
        />
      </div>

      {reference.isError ? (
        <ErrorState
          message={
            (reference.error instanceof ApiError && reference.error.serverMessage) ||
            t("We couldn't load the API reference just now.")
          }
          onRetry={() => void reference.refetch()}
        />
      ) : pending ? (
        <Loading />
      ) : total === 0 ? (
        <EmptyState icon={Search} title={t("No endpoints yet")}>
          {t("The document lists no endpoint.")}
        </EmptyState>
      ) : (
        <>
          <p role="status" className="text-sm text-muted">
            {search
              ? t(
                  "{count, plural, =0 {No endpoint matches {search}.} one {1 endpoint matches {search}.} other {# endpoints match {search}.}}",
                  { count: found, search: quoted(search) },
                )
              : t("{total} endpoints in {features} features.", {
                  total: formatCount(total),
                  features: formatCount(groups.length),
                })}
          </p>
          {found === 0 ? (
            <EmptyState
              icon={Search}
              title={t("No endpoints found")}
              action={
                <Button variant="outline" onClick={() => setDraft("")}>
                  {t("Clear search")}
                </Button>
              }
            >
              {t("No endpoint's path or summary matches {search}.", { search: quoted(search) })}
            </EmptyState>
          ) : (
            <>
              <FeatureIndex groups={shown} />
              {shown.map((group) => (
                <FeatureSection key={group.tag} group={group} />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}

function Loading() {
  return <SkeletonCards label={t("Loading the API reference")} count={4} />;
}

const anchorOf = (tag: string) => `api-${tag}`;

/** The words searched for, in quotation marks (outside the messages: the build compiles double-quoted ids only). */
const quoted = (search: string) => `"${search}"`;

/** Links to each feature's section: on a phone the reference is long. */
function FeatureIndex({ groups }: { groups: Group[] }) {
  if (groups.length < 2) return null;
  return (
    <nav aria-label={t("Features")}>
      <ul className="flex flex-wrap gap-2">
        {groups.map((group) => (
          <li key={group.tag}>
            <a
              href={`#${anchorOf(group.tag)}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-linen bg-white/70 px-3 py-1 text-sm font-semibold text-ink transition-colors hover:bg-parchment"
            >
              <span lang="en" translate="no">
                {group.label}
              </span>
              <span className="text-xs font-normal text-muted">{group.entries.length}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FeatureSection({ group }: { group: Group }) {
  const id = anchorOf(group.tag);
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-24 space-y-3 pt-2">
      <h3 id={`${id}-heading`} className="flex items-baseline gap-2 font-sans text-lg font-bold">
        <span lang="en" translate="no">
          {group.label}
        </span>{" "}
        <span className="text-sm font-normal text-muted">
          {t("{count, plural, one {# endpoint} other {# endpoints}}", { count: group.entries.length })}
        </span>
      </h3>
      <ul className="space-y-3">
        {group.entries.map((entry) => (
          <li key={`${entry.method} ${entry.path}`}>
            <EndpointCard entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const METHOD_TONES: Record<string, BadgeTone> = {
  GET: "sage",
  POST: "gold",
  PUT: "blue",
  PATCH: "blue",
  DELETE: "clay",
};

const CALLERS: Record<ApiOperation["x-caller"], { label: MessageId; icon: LucideIcon; className: string }> = {
  visitor: { label: "Anyone", icon: Globe, className: "text-muted" },
  member: { label: "Members", icon: Users, className: "text-sage-700" },
  admin: { label: "Administrators", icon: ShieldCheck, className: "text-clay-700" },
};

function EndpointCard({ entry }: { entry: Entry }) {
  const { operation } = entry;
  const caller = CALLERS[operation["x-caller"]];
  const notes = notesOf(operation.description);
  const body = bodyOf(operation);
  const answers = answersOf(operation);
  const missing = [
    operation.parameters.length === 0 && t("No parameters"),
    !body && t("No JSON body"),
  ].filter(Boolean);

  // The contract's own words (paths, methods, types, field names) are not translated.
  return (
    <Card className="p-4 sm:p-5" translate="no">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h4 className="flex min-w-0 items-start gap-2.5 font-mono text-[0.95rem] font-medium tracking-normal">
          <Badge
            tone={METHOD_TONES[entry.method] ?? "neutral"}
            className="w-16 shrink-0 justify-center font-mono"
          >
            {entry.method}
          </Badge>{" "}
          <PathText path={entry.path} />
        </h4>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="sr-only">{t("Who may call it:")} </span>
          <span className={`inline-flex items-center gap-1.5 font-semibold ${caller.className}`}>
            <caller.icon className="size-4" aria-hidden="true" />
            {t(caller.label)}
          </span>
          {notes.policy && (
            <span className="text-muted">
              <Trans
                id="and the <0>{policy}</0> policy"
                values={{ policy: notes.policy }}
                components={{ 0: <code className="font-mono text-[0.9em] text-ink" /> }}
              />
            </span>
          )}
        </p>
      </div>
      {/* The document's own words, written in English with the server's declarations. */}
      <p dir="auto" className="mt-2 text-ink">
        {operation.summary}
      </p>
      {notes.other.length > 0 && (
        <p dir="auto" className="mt-1 text-sm text-muted">
          {notes.other.join(" ")}
        </p>
      )}

      <div className="mt-4 grid gap-4 border-t border-linen pt-4 text-sm md:grid-cols-2 md:gap-6">
        <div className="space-y-4">
          {(operation.parameters.length > 0 || body) && (
            <dl className="space-y-4">
              {operation.parameters.length > 0 && (
                <div>
                  <DetailTerm>{t("Parameters")}</DetailTerm>
                  <dd>
                    <ul className="mt-1.5 space-y-1.5">
                      {operation.parameters.map((p) => (
                        <li key={`${p.in} ${p.name}`} className="break-words text-muted">
                          <Field
                            name={p.name}
                            facts={[
                              t("in {place}", { place: p.in }),
                              p.required ? t("required") : t("optional"),
                              ...describe(p.schema),
                            ]}
                          />
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
              {body && (
                <div>
                  <DetailTerm>
                    {t("JSON body")}
                    {body.optional && <span className="font-normal normal-case"> {t("(optional)")}</span>}
                  </DetailTerm>
                  <dd>
                    {body.fields.length > 0 ? (
                      <ul className="mt-1.5 space-y-1.5">
                        {body.fields.map((f) => (
                          <li key={f.name} className="break-words text-muted">
                            <Field
                              name={f.name}
                              facts={[f.required ? t("required") : t("optional"), ...f.facts]}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="mt-1.5 text-muted">{body.facts.join(" · ")}</p>
                    )}
                  </dd>
                </div>
              )}
            </dl>
          )}
          {missing.length > 0 && <p className="text-muted">{missing.join(" · ")}</p>}
        </div>
        <dl>
          <DetailTerm>{t("Answers")}</DetailTerm>
          <dd>
            <ul className="mt-1.5 space-y-1.5">
              {answers.map(({ status, description, success }) => (
                <li
                  key={status}
                  className={`grid grid-cols-[auto_1fr] items-start gap-2 ${success ? "" : "text-muted"}`}
                >
                  <Badge tone={success ? "sage" : "neutral"} className="font-mono">
                    {status}
                  </Badge>
                  <span dir="auto">
                    {description.includes("`") ? <WithCode text={description} /> : description}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </div>
    </Card>
  );
}

/**
 * A path that wraps after its slashes on a narrow screen, and inside a segment only when one
 * segment alone is wider than the line.
 */
function PathText({ path }: { path: string }) {
  return (
    <span dir="ltr" className="min-w-0 wrap-anywhere">
      {path.split("/").map((segment, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              /<wbr />
            </>
          )}
          {segment}
        </Fragment>
      ))}
    </span>
  );
}

function DetailTerm({ children }: { children: ReactNode }) {
  return <dt className="text-xs font-bold tracking-wide text-muted uppercase">{children}</dt>;
}

/** A parameter or a field: its name, then what it is (in an item styled muted). */
function Field({ name, facts }: { name: string; facts: string[] }) {
  return (
    <>
      <code className="font-mono text-[0.95em] font-medium text-ink">{name}</code>
      {` · ${facts.join(" · ")}`}
    </>
  );
}

/** Text with `backticked` words set as code, as the document's descriptions write them. */
function WithCode({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="font-mono text-[0.9em] text-ink">
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

// Reading the document.

/** "localGroups" → "Local groups". */
const labelOf = (tag: string) => {
  const words = tag.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Every operation under its feature (its first tag), features in the document's order. */
function groupsOf(document: ApiDocument): Group[] {
  const byTag = new Map<string, Entry[]>(document.tags.map((t) => [t.name, []]));
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? "other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...byTag]
    .filter(([, entries]) => entries.length > 0)
    .map(([tag, entries]) => ({ tag, label: labelOf(tag), entries }));
}

/** The endpoints whose path or summary holds the words searched for. */
function matching(groups: Group[], search: string): Group[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((e) => {
        const text = `${e.path} ${e.operation.summary}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The description's sentences beyond "Who may call it" (shown as the caller): the policy also
 * checked, if any, and the rest (rate limits).
 */
function notesOf(description: string): { policy?: string; other: string[] } {
  const sentences = description.split(/(?<=\.)\s+/).filter(Boolean);
  let policy: string | undefined;
  const other: string[] = [];
  for (const sentence of sentences) {
    if (sentence.startsWith("Who may call it:")) continue;
    const named = /the `([^`]+)` policy/.exec(sentence);
    if (named) policy = named[1];
    else other.push(sentence);
  }
  return { policy, other };
}

interface Body {
  optional: boolean;
  fields: { name: string; required: boolean; facts: string[] }[];
  /** What it is, when it is not an object with named fields. */
  facts: string[];
}

function bodyOf(operation: ApiOperation): Body | undefined {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const schema = (content["application/json"] ?? Object.values(content)[0])?.schema;
  if (!schema) return undefined;
  // An optional body is written `anyOf: [{ type: "object", … }, { type: "null" }]`.
  const variants = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema];
  const optional = variants.some((v) => v.type === "null");
  const object = variants.find((v) => v.type === "object" || v.properties);
  if (!object) return { optional, fields: [], facts: describe(schema) };
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  return {
    optional,
    fields: Object.entries(properties).map(([name, property]) => ({
      name,
      required: required.has(name),
      facts: describe(property),
    })),
    facts: [t("an object")],
  };
}

/** Its answers, the success first, then the errors in the order of their statuses. */
function answersOf(operation: ApiOperation) {
  return Object.entries(operation.responses)
    .map(([status, response]) => ({
      status,
      description: response.description,
      success: status.startsWith("2"),
    }))
    .sort((a, b) => Number(b.success) - Number(a.success) || a.status.localeCompare(b.status));
}

/** Numbers as large as a database id allows: not worth saying. */
const ID_LIMIT = 2_147_483_647;

/** A JSON Schema in a few words: its type, then its limits and default. */
function describe(schema: JsonSchema): string[] {
  const facts = [typeOf(schema), ...limitsOf(schema)];
  if (schema.default !== undefined)
    facts.push(t("default {value}", { value: JSON.stringify(schema.default) }));
  return facts;
}

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return t("exactly {value}", { value: JSON.stringify(schema.const) });
  if (Array.isArray(schema.enum))
    return t("one of {values}", { values: schema.enum.map((v) => JSON.stringify(v)).join(", ") });
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    return variants
      .map((v) => {
        const limits = limitsOf(v);
        return limits.length > 0 ? `${typeOf(v)} (${limits.join(", ")})` : typeOf(v);
      })
      .join(t(" or "));
  }
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "object";
  const type = schema.type;
  if (Array.isArray(type)) return type.join(t(" or "));
  if (type === "array") {
    const items = schema.items as JsonSchema | undefined;
    return items ? t("list of {type}", { type: typeOf(items) }) : t("list");
  }
  if (typeof type === "string")
    return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
  return t("any value");
}

function limitsOf(schema: JsonSchema): string[] {
  const n = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
  const limits: string[] = [];
  /** The words of a range in one unit: between, at most and at least. */
  type Unit = Record<"between" | "upTo" | "atLeast", (values: { min: string; max: string }) => string>;
  const range = (min: number | undefined, max: number | undefined, unit: Unit) => {
    const values = { min: formatCount(min ?? 0), max: formatCount(max ?? 0) };
    if (min !== undefined && max !== undefined) limits.push(unit.between(values));
    else if (max !== undefined) limits.push(unit.upTo(values));
    else if (min !== undefined) limits.push(unit.atLeast(values));
  };
  range(n("minLength"), n("maxLength"), {
    between: (v) => t("{min}–{max} characters", v),
    upTo: (v) => t("up to {max} characters", v),
    atLeast: (v) => t("at least {min} characters", v),
  });
  range(n("minItems"), n("maxItems"), {
    between: (v) => t("{min}–{max} items", v),
    upTo: (v) => t("up to {max} items", v),
    atLeast: (v) => t("at least {min} items", v),
  });
  const max = n("maximum") === ID_LIMIT ? undefined : n("maximum");
  const above = n("exclusiveMinimum");
  if (above !== undefined) {
    limits.push(
      max !== undefined
        ? t("above {min}, up to {max}", { min: formatCount(above), max: formatCount(max) })
        : t("above {min}", { min: formatCount(above) }),
    );
  } else {
    range(n("minimum"), max, {
      between: (v) => `${v.min}–${v.max}`,
      upTo: (v) => t("up to {max}", v),
      atLeast: (v) => t("at least {min}", v),
    });
  }
  if (typeof schema.pattern === "string") limits.push(t("matching {pattern}", { pattern: schema.pattern }));
  return limits;
}
