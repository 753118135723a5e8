import { Award, Download, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { urlOf } from "~/core/contract";
import { formatLongDate } from "~/core/format";
import { lessonsEndpoints as api } from "~/core/lessons/endpoints";
import type { MyCertificate, PublicCertificate } from "~/core/lessons/schemas";
import { SwitchField } from "~/web/components/switch-field";
import { Button, buttonClass } from "~/web/components/ui/button";
import { EmptyState, ErrorState } from "~/web/components/ui/empty-state";
import { Spinner } from "~/web/components/ui/spinner";
import { ApiError, call } from "~/web/lib/api";
import { Trans, t } from "~/web/lib/i18n";
import { notifyError, notifySuccess } from "~/web/lib/notify";
import { publicConfig } from "~/web/lib/public-config";

/**
 * Printed alone on one page (A4 or Letter): everything else on the screen is hidden, and the
 * certificate fills the page.
 */
const PRINT_STYLE = `
@page { size: portrait; margin: 14mm; }
@media print {
  body * { visibility: hidden; }
  #certificate, #certificate * { visibility: visible; }
  #certificate { position: absolute; inset: 0; margin: 0; box-shadow: none; }
  header, nav, footer { display: none !important; }
}`;

type Loaded =
  | { state: "loading" }
  | { state: "shown"; certificate: PublicCertificate }
  | { state: "missing" }
  | { state: "failed" };

/**
 * `/certificates/:code`: the verification page printed on a certificate. Anyone may open it and see
 * her name, the course and the date; she alone may hide it from others, or show it again.
 */
export default function CertificatePage({ code, signedIn }: { code: string; signedIn: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [mine, setMine] = useState<MyCertificate | null>(null);
  const [origin, setOrigin] = useState("");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
    call(api.certificate, { params: { code } }).then(
      (certificate) => live && setLoaded({ state: "shown", certificate }),
      (err) =>
        live && setLoaded({ state: err instanceof ApiError && err.status < 500 ? "missing" : "failed" }),
    );
    if (signedIn) {
      call(api.myCertificates).then(
        (list) => live && setMine(list.find((c) => c.code === code) ?? null),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [code, signedIn, attempt]);

  const Shell = signedIn ? "div" : "main";
  // Hidden from others, she still sees her own, from her list.
  const shown: PublicCertificate | null =
    loaded.state === "shown"
      ? loaded.certificate
      : mine
        ? { name: "", courseTitle: mine.courseTitle, issuedAt: mine.issuedAt }
        : null;

  return (
    // In the member app the page sits in the app's own <main>.
    <Shell className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <style>{PRINT_STYLE}</style>
      {shown ? (
        <>
          <Certificate certificate={shown} address={`${origin}/certificates/${code}`} />
          <div className="flex flex-wrap gap-3 print:hidden">
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> {t("Print")}
            </Button>
            <a
              href={urlOf(api.certificatePdf, { params: { code } })}
              download
              className={buttonClass("primary")}
            >
              <Download aria-hidden="true" /> {t("Download PDF")}
            </a>
          </div>
          {mine && <Visibility certificate={mine} onChange={setMine} />}
        </>
      ) : loaded.state === "loading" ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("Loading the certificate")} />
        </div>
      ) : loaded.state === "failed" ? (
        <ErrorState
          message={t("We couldn't load this certificate just now.")}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : (
        <EmptyState
          icon={Award}
          title={t("Certificate not found")}
          action={
            <Link href="/" className={buttonClass("primary")}>
              {t("Go to {siteName}", { siteName: publicConfig.siteName })}
            </Link>
          }
        >
          {t("This certificate doesn't exist, or its owner keeps it private.")}
        </EmptyState>
      )}
    </Shell>
  );
}

function Certificate({ certificate, address }: { certificate: PublicCertificate; address: string }) {
  return (
    <section
      id="certificate"
      aria-labelledby="certificate-title"
      className="rounded-[var(--radius-card)] border-4 border-double border-gold-400 bg-white px-5 py-10 text-center shadow-sm sm:px-12 sm:py-16"
    >
      <Award className="mx-auto size-12 text-gold-500" aria-hidden="true" />
      <p className="mt-3 text-sm font-semibold tracking-[0.2em] text-clay-700 uppercase">
        {publicConfig.siteName}
      </p>
      <h1 id="certificate-title" className="mt-4 text-3xl font-semibold sm:text-4xl">
        {t("Certificate of completion")}
      </h1>
      <p className="mt-6 text-muted">{t("This is to certify that")}</p>
      {certificate.name && (
        <p dir="auto" className="mt-2 font-display text-3xl text-ink [overflow-wrap:anywhere] sm:text-4xl">
          {certificate.name}
        </p>
      )}
      <p className="mt-4 text-muted">{t("finished the course")}</p>
      <p dir="auto" className="mt-2 text-2xl font-semibold text-sage-800 [overflow-wrap:anywhere]">
        {certificate.courseTitle}
      </p>
      <p className="mt-4 text-muted">{t("on {date}", { date: formatLongDate(certificate.issuedAt) })}</p>
      {address && (
        <p className="mt-10 text-xs text-muted [overflow-wrap:anywhere]">
          <Trans
            id="Verify this certificate at {address}"
            values={{
              address: (
                <span dir="ltr" className="font-semibold text-ink">
                  {address}
                </span>
              ),
            }}
          />
        </p>
      )}
    </section>
  );
}

function Visibility({
  certificate,
  onChange,
}: {
  certificate: MyCertificate;
  onChange: (c: MyCertificate) => void;
}) {
  const [saving, setSaving] = useState(false);
  const change = (shown: boolean) => {
    setSaving(true);
    call(api.certificateVisibility, { params: { code: certificate.code }, body: { hidden: !shown } })
      .then(
        (saved) => {
          onChange(saved);
          notifySuccess(
            saved.hidden ? t("Hidden from others") : t("Shown to others"),
            saved.hidden ? t("Only you can see it now.") : t("Anyone with the link can see it."),
          );
        },
        (err) =>
          notifyError(err, {
            title: t("Error"),
            description: t("Failed to save your choice. Please try again."),
          }),
      )
      .finally(() => setSaving(false));
  };
  return (
    <div
      className="rounded-[var(--radius-card)] border border-linen bg-white/70 p-4 print:hidden"
      aria-busy={saving}
    >
      <SwitchField
        id="certificate-shown"
        side="end"
        label={t("Show to others")}
        hint={
          certificate.hidden
            ? t("Hidden from others: only you can see it.")
            : t("Anyone with its link can see your name, the course and the date.")
        }
        checked={!certificate.hidden}
        onCheckedChange={(shown) => !saving && change(shown)}
      />
    </div>
  );
}
