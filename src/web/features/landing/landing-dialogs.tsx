import {
  BookOpen,
  Check,
  HandHeart,
  HeartHandshake,
  type LucideIcon,
  Mail,
  ShieldCheck,
  Users,
} from "lucide-react";
import { useEffect, useState } from "react";
import { formatCount } from "~/core/format";
import type { MessageId } from "~/core/i18n";
import { landingEndpoints } from "~/core/landing/endpoints";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { call } from "~/web/lib/api";
import { Trans, t } from "~/web/lib/i18n";
import { JOIN_URL } from "~/web/lib/navigation";
import { publicConfig } from "~/web/lib/public-config";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What is true of a community of any size: said while the figure is unknown, or too small to name. */
export const NO_FIGURE_ASSURANCE: MessageId = "Grow in faith alongside other women";

/** The third assurance names how many have joined only when the server gives a round figure. */
export const membersAssurance = (moreThan: number | null) =>
  moreThan === null
    ? t(NO_FIGURE_ASSURANCE)
    : t("Join more than {figure} women in spiritual growth", { figure: formatCount(moreThan) });

// Asked once per page, when the dialogs first open. Not known (offline, say) reads as no figure:
// the dialog then claims nothing, which is always true.
let figureRequest: Promise<number | null> | undefined;
const membersFigure = () =>
  (figureRequest ??= call(landingEndpoints.stats).then(
    (stats) => stats.membersMoreThan,
    () => null,
  ));

function useMembersFigure() {
  const [figure, setFigure] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    void membersFigure().then((value) => current && setFigure(value));
    return () => {
      current = false;
    };
  }, []);
  return figure;
}

/** While joining is by invitation, "Join" says so rather than lead to a form that would refuse her. */
function ByInvitationDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("Joining is by invitation")}
        description={t(
          "Please ask the ministry for an invitation: it comes by e-mail, with a link to join {siteName}.",
          { siteName: publicConfig.siteName },
        )}
      >
        <div className="flex items-center gap-3 rounded-2xl bg-sage-50 p-4 text-sage-800">
          <Mail className="size-6 shrink-0" aria-hidden="true" />
          <p className="text-sm font-medium">{t("Already a member? Sign in as always.")}</p>
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("Close")}
          </Button>
          <Button onClick={() => window.location.assign("/sign-in")}>{t("Sign in")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function JoinDialog(props: DialogProps) {
  return publicConfig.registration === "invitation" ? (
    <ByInvitationDialog {...props} />
  ) : (
    <OpenJoinDialog {...props} />
  );
}

function OpenJoinDialog({ open, onOpenChange }: DialogProps) {
  const figure = useMembersFigure();
  const assurances = [
    t("Secure and private authentication"),
    t("One-time setup for returning visits"),
    membersAssurance(figure),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("Welcome to Our Family")}
        description={t(
          "To keep our community a safe place for every woman, each member confirms her e-mail address when she joins.",
        )}
      >
        <div className="flex items-center gap-3 rounded-2xl bg-sage-50 p-4 text-sage-800">
          <ShieldCheck className="size-6 shrink-0" aria-hidden="true" />
          <p className="text-sm font-medium">
            {t("We mail you a link to confirm your address. Confirmed addresses keep our community safe.")}
          </p>
        </div>
        <ul className="mt-5 space-y-3">
          {assurances.map((text) => (
            <li key={text} className="flex items-start gap-3">
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-sage-600 text-white">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              <span>{text}</span>
            </li>
          ))}
        </ul>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("Not Yet")}
          </Button>
          {/* /api/login with mode=register: "Create account" opens (or the provider's sign-up). */}
          <Button onClick={() => window.location.assign(JOIN_URL)}>{t("Continue to Join")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const BLOCKS = [
  {
    icon: BookOpen,
    title: "Video-Based Learning",
    text: "Teaching series on grace, prophecy and spiritual growth, each with prompts for personal reflection and notes you keep.",
  },
  {
    icon: Users,
    title: "Cultivation Groups",
    text: "Small groups gathered around a season of life, a heritage or a study, where you are known and encouraged.",
  },
  {
    icon: HandHeart,
    title: "Prayer & Community",
    text: "A prayer wall where requests are carried together and answered prayers are celebrated.",
  },
  {
    icon: HeartHandshake,
    title: "Discipleship Connections",
    text: "We match women seeking a mentor with seasoned believers who share their focus.",
  },
] satisfies { icon: LucideIcon; title: MessageId; text: MessageId }[];

export function LearnMoreDialog({ open, onOpenChange, onJoin }: DialogProps & { onJoin: () => void }) {
  const { siteName } = publicConfig;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("About {siteName}", { siteName })} className="max-w-2xl">
        <div className="grid gap-4 sm:grid-cols-2">
          {BLOCKS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-linen bg-white p-4">
              <Icon className="size-6 text-sage-600" aria-hidden="true" />
              <h3 className="mt-3 font-sans text-base font-bold">{t(title)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted">{t(text)}</p>
            </div>
          ))}
        </div>
        <div className="mt-5 rounded-2xl bg-gold-100/70 p-4">
          <h3 className="font-sans text-base font-bold text-gold-700">
            {t("Why {siteName}?", { siteName })}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-ink">
            <Trans
              id="<0>Mishpacha</0> is the Hebrew word for family. Whether you come from a church pew or a synagogue bench, you belong here: a family of women grafted into one olive tree, growing together in the knowledge of Messiah."
              components={{ 0: <em /> }}
            />
          </p>
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("Close")}
          </Button>
          <Button onClick={onJoin}>{t("Join Our Community")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Both landing dialogs; "Join Our Community" closes Learn More and opens Join. */
export default function LandingDialogs({
  joinOpen,
  setJoinOpen,
  learnOpen,
  setLearnOpen,
}: {
  joinOpen: boolean;
  setJoinOpen: (open: boolean) => void;
  learnOpen: boolean;
  setLearnOpen: (open: boolean) => void;
}) {
  return (
    <>
      <JoinDialog open={joinOpen} onOpenChange={setJoinOpen} />
      <LearnMoreDialog
        open={learnOpen}
        onOpenChange={setLearnOpen}
        onJoin={() => {
          setLearnOpen(false);
          setJoinOpen(true);
        }}
      />
    </>
  );
}
