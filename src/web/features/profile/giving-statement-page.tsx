import { ArrowLeft, HeartHandshake, Printer } from "lucide-react";
import { Link } from "wouter";
import { formatLongDate, personName } from "~/core/format";
import { GIVING_MESSAGES, GIVING_YEARS, type GivingResponse } from "~/core/giving/schemas";
import { SkeletonGroup } from "~/web/components/skeleton-group";
import { Button, buttonClass } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { useAuth } from "~/web/lib/auth";
import { t } from "~/web/lib/i18n";
import { useGiving } from "./giving-api";
import { GivingTable } from "./giving-table";

// On paper only the statement: the app's header, menus and these buttons stay on screen.
const PRINT_CSS = `@media print {
  @page { margin: 18mm 16mm; }
  body { background: #fff !important; }
  body * { visibility: hidden; }
  #giving-statement, #giving-statement * { visibility: visible; }
  #giving-statement { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; box-shadow: none !important; padding: 0 !important; }
}`;

const yearOf = (text: string | undefined) => {
  const year = Number(text);
  return Number.isInteger(year) && year >= GIVING_YEARS.min && year <= GIVING_YEARS.max ? year : null;
};

/** /profile/giving/:year — her statement for a calendar year, made to print or save as a PDF. */
export default function GivingStatementPage({ params }: { params: Record<string, string | undefined> }) {
  const year = yearOf(params.year);
  return (
    <div className="mx-auto max-w-3xl">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href="/profile?tab=membership" className={buttonClass("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" />
          {t("Back to your profile")}
        </Link>
        {year !== null && (
          <Button variant="primary" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t("Print or save as PDF")}
          </Button>
        )}
      </div>
      {year === null ? <ErrorState message={t(GIVING_MESSAGES.yearInvalid)} /> : <Statement year={year} />}
    </div>
  );
}

function Statement({ year }: { year: number }) {
  const giving = useGiving(year);
  if (giving.isPending)
    return (
      <Card className="p-6 sm:p-10" aria-busy="true" aria-label={t("Loading your statement")}>
        <SkeletonGroup className="space-y-4" shapes={["h-8 w-1/2", "h-5 w-1/3", "h-40 w-full"]} />
      </Card>
    );
  if (giving.isError)
    return (
      <ErrorState
        message={t("We couldn't load your statement just now.")}
        onRetry={() => void giving.refetch()}
      />
    );
  return <StatementSheet year={year} giving={giving.data} />;
}

function StatementSheet({ year, giving }: { year: number; giving: GivingResponse }) {
  const { user } = useAuth();
  const { ministry } = giving;
  const name = personName(user, { form: "full", nameless: "" });
  return (
    <Card id="giving-statement" className="p-6 text-ink sm:p-10">
      <header className="flex flex-col gap-4 border-b border-linen pb-6 sm:flex-row sm:justify-between">
        <div>
          <p className="font-display text-2xl font-semibold text-sage-800">{ministry.name}</p>
          {ministry.legalName && ministry.legalName !== ministry.name && (
            <p className="mt-1 font-semibold">{ministry.legalName}</p>
          )}
          {ministry.address && <p className="mt-1 whitespace-pre-line text-muted">{ministry.address}</p>}
          {ministry.taxId && <p className="mt-1 text-muted">{t("Tax ID: {id}", { id: ministry.taxId })}</p>}
        </div>
        <div className="sm:text-end">
          <h1 className="font-sans text-2xl font-bold">{t("Giving statement {year}", { year })}</h1>
          <p className="mt-1 text-muted">{t("January 1 – December 31, {year}", { year })}</p>
          <p className="mt-1 text-sm text-muted">
            {t("Issued {date}", { date: formatLongDate(new Date()) })}
          </p>
        </div>
      </header>

      <div className="mt-6">
        <p className="text-sm text-muted">{t("Prepared for")}</p>
        {name && (
          <p dir="auto" className="font-semibold">
            {name}
          </p>
        )}
        <p className="break-all">{user?.email}</p>
      </div>

      {giving.payments.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          title={t("No gifts in {year}", { year })}
          className="mt-8 print:border-0"
        >
          {t(
            "There is nothing to show for this year, and that is all right. Thank you for being part of {name}.",
            {
              name: ministry.name,
            },
          )}
        </EmptyState>
      ) : (
        <>
          <GivingTable payments={giving.payments} total={giving.total} year={year} className="mt-8" />
          <div className="mt-8 space-y-2 text-sm text-muted">
            <p>
              {t(
                "No goods or services were provided in exchange for donations and monthly gifts. Patron memberships and course purchases are payments for what they include.",
              )}
            </p>
            <p>{t("Refunded payments are marked and not counted in the total. Dates are in UTC.")}</p>
            <p className="font-semibold text-ink">{t("Thank you for your generosity.")}</p>
          </div>
        </>
      )}
    </Card>
  );
}
