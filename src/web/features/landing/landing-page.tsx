import { BookOpen, HandHeart, HeartHandshake, type LucideIcon, Sprout, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import type { MessageId } from "~/core/i18n";
import { LanguageSwitch } from "~/web/components/language-switch";
import { Logo } from "~/web/components/logo";
import { Button, buttonClass } from "~/web/components/ui/button";
import { t } from "~/web/lib/i18n";
import { publicConfig } from "~/web/lib/public-config";
import { GardenIllustration } from "./garden-illustration";

// The dialogs load when a visitor reaches for a button, not with the page.
const loadDialogs = () => import("./landing-dialogs");
const LandingDialogs = lazy(loadDialogs);
const preload = { onPointerEnter: loadDialogs, onFocus: loadDialogs, onTouchStart: loadDialogs };

const FEATURES = [
  {
    icon: BookOpen,
    title: "Biblical Teaching",
    text: "Video series on grace, prophecy and spiritual growth, with reflection prompts to carry into your week.",
    tone: "bg-sage-100 text-sage-700",
  },
  {
    icon: Users,
    title: "Community",
    text: "Cultivation groups: small, focused circles for fellowship and accountability, online and near you.",
    tone: "bg-clay-100 text-clay-700",
  },
  {
    icon: HeartHandshake,
    title: "Discipleship",
    text: "Find a mentor who has walked the road before you, or become one for a sister who is just starting out.",
    tone: "bg-gold-100 text-gold-700",
  },
  {
    icon: HandHeart,
    title: "Prayer Support",
    text: "Share your prayer requests, pray for one another, and celebrate answered prayers together.",
    tone: "bg-sage-100 text-sage-700",
  },
] satisfies { icon: LucideIcon; title: MessageId; text: MessageId; tone: string }[];

export default function LandingPage() {
  const [joinOpen, setJoinOpen] = useState(false);
  const [learnOpen, setLearnOpen] = useState(false);
  const [dialogsNeeded, setDialogsNeeded] = useState(false);
  const { siteName, founderName, welcomeLine, contactEmail } = publicConfig;
  const openJoin = () => {
    setDialogsNeeded(true);
    setJoinOpen(true);
  };
  const openLearnMore = () => {
    setDialogsNeeded(true);
    setLearnOpen(true);
  };

  return (
    <div className="min-h-dvh overflow-x-clip">
      <header className="sticky top-0 z-30 border-b border-linen/60 bg-cream/85 backdrop-blur-md">
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Logo />
          <div className="flex items-center gap-1.5 sm:gap-2">
            {/* Returning members sign in here; the sign-in tab opens. */}
            <Link href="/sign-in" className={buttonClass("ghost", "sm", "sm:h-10 sm:px-5")}>
              {t("Sign in")}
            </Link>
            {/* On a phone the button says only "Join", so both fit beside the logo. */}
            <Button
              onClick={openJoin}
              {...preload}
              size="sm"
              aria-label={t("Join the Mishpacha")}
              className="sm:h-10 sm:px-5"
            >
              <span className="sm:hidden">{t("Join")}</span>
              <span className="hidden sm:inline">{t("Join the Mishpacha")}</span>
            </Button>
          </div>
        </div>
      </header>

      <main>
        <section className="relative">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--color-sage-100),transparent_70%),radial-gradient(40rem_24rem_at_0%_20%,var(--color-clay-50),transparent_70%)]"
          />
          <div className="container-page grid items-center gap-10 pt-10 pb-16 sm:pt-16 md:grid-cols-[1.1fr_0.9fr] md:gap-12 md:pt-20 md:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3.5 py-1.5 text-sm font-semibold text-sage-700 shadow-sm ring-1 ring-linen">
                <Sprout className="size-4" aria-hidden="true" />
                {t("For Christian & Messianic Jewish women")}
              </p>
              <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-semibold text-balance sm:text-6xl md:text-[4.1rem]">
                {t("Cultivate Your Spiritual Garden")}
              </h1>
              {welcomeLine && (
                <p className="mt-4 font-display text-xl text-sage-800 italic sm:text-2xl">
                  <span dir="auto">{welcomeLine}</span>
                </p>
              )}
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted sm:text-xl">
                {t(
                  "Founded by {founderName}, {siteName} is a family of women rooted in Scripture — learning together, praying for one another, and growing in faith season by season.",
                  { founderName, siteName },
                )}
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button size="lg" onClick={openJoin} {...preload}>
                  {t("Join the Mishpacha")}
                </Button>
                <Button size="lg" variant="outline" onClick={openLearnMore} {...preload}>
                  {t("Learn More")}
                </Button>
              </div>
              <p className="mt-6 text-sm text-muted">
                {t("Teaching videos · Prayer wall · Small groups · Mentoring")}
              </p>
            </div>
            <GardenIllustration className="mx-auto w-full max-w-md md:max-w-none" />
          </div>
        </section>

        <section aria-label={t("Scripture")} className="bg-sage-700 text-cream">
          <figure className="container-page py-10 text-center sm:py-12">
            <blockquote className="font-display text-2xl leading-snug italic sm:text-3xl">
              {t(
                "“I am the vine; you are the branches. Whoever abides in me and I in him, he it is that bears much fruit.”",
              )}
            </blockquote>
            <figcaption className="mt-3 text-sm font-semibold tracking-widest text-sage-200 uppercase">
              {t("John 15:5")}
            </figcaption>
          </figure>
        </section>

        <section className="container-page py-16 sm:py-24" aria-labelledby="features-title">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-semibold sm:text-4xl">
              {t("Nurture Your Faith Together")}
            </h2>
            <p className="mt-4 text-lg text-muted">
              {t(
                "Everything here is planted for one purpose: that you would grow deep roots in God's Word and flourish alongside other women.",
              )}
            </p>
          </div>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text, tone }) => (
              <li
                key={title}
                className="rounded-[var(--radius-card)] border border-linen/80 bg-white p-6 shadow-[var(--shadow-soft)] transition-transform hover:-translate-y-0.5"
              >
                <span className={`flex size-12 items-center justify-center rounded-2xl ${tone}`}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{t(title)}</h3>
                <p className="mt-2 leading-relaxed text-muted">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="container-page pb-20" aria-labelledby="cta-title">
          <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-sage-600 to-sage-800 px-6 py-14 text-center text-cream shadow-[var(--shadow-lift)] sm:px-12">
            <div
              aria-hidden="true"
              className="absolute -top-24 -end-16 size-72 rounded-full bg-gold-400/15 blur-2xl"
            />
            <h2 id="cta-title" className="relative text-3xl font-semibold text-cream sm:text-4xl">
              {t("Ready to Grow Together?")}
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-lg text-sage-100">
              {t(
                "Take your place in the family. There is room at the table, and a garden waiting to be tended.",
              )}
            </p>
            <Button
              size="lg"
              variant="secondary"
              className="relative mt-8 bg-cream text-sage-800 hover:bg-white"
              onClick={openJoin}
              {...preload}
            >
              {t("Join the Mishpacha")}
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-linen bg-parchment/60">
        <div className="container-page flex flex-col items-center justify-between gap-4 py-8 sm:flex-row">
          <Logo />
          {/* Rendered by the server: around New Year the visitor's clock may say another year. */}
          <div className="flex flex-col items-center gap-1 text-center sm:items-end sm:text-end">
            {contactEmail && (
              <p className="text-sm text-muted">
                {t("Questions? Write to")}{" "}
                <a
                  href={`mailto:${contactEmail}`}
                  className="inline-block py-3 font-semibold text-sage-700 underline underline-offset-4 hover:text-sage-800 sm:py-1"
                >
                  {contactEmail}
                </a>
              </p>
            )}
            <p className="text-sm text-muted" suppressHydrationWarning>
              {t("© 2024–{year} {siteName}. All rights reserved.", {
                year: String(new Date().getFullYear()),
                siteName,
              })}
            </p>
            <LanguageSwitch />
          </div>
        </div>
      </footer>

      {dialogsNeeded && (
        <Suspense fallback={null}>
          <LandingDialogs
            joinOpen={joinOpen}
            setJoinOpen={setJoinOpen}
            learnOpen={learnOpen}
            setLearnOpen={setLearnOpen}
          />
        </Suspense>
      )}
    </div>
  );
}
