import { EllipsisVertical, type LucideIcon, Share, SquarePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Trans, t } from "~/web/lib/i18n";
import type { InstallPlatform } from "~/web/lib/install-offer";
import { publicConfig } from "~/web/lib/public-config";
import { Button } from "./ui/button";
import { Dialog, DialogClose, DialogContent } from "./ui/dialog";

/**
 * A key or menu item of her browser, in its own words (`children`, given by the message, so a Hebrew
 * page names a Hebrew phone's buttons); its icon first, and words only a screen reader needs hidden.
 */
const Key = ({
  icon: Icon,
  hidden,
  children,
}: {
  icon?: LucideIcon;
  hidden?: boolean;
  children?: ReactNode;
}) => (
  <span className="inline-flex items-center gap-1 rounded-md border border-linen bg-white px-1.5 py-0.5 align-middle text-sm font-semibold text-ink">
    {Icon && <Icon className="size-4" aria-hidden="true" />}
    {hidden ? <span className="sr-only">{children}</span> : children}
  </span>
);

/** The steps of each kind of device, in the page's language. */
function stepsFor(platform: InstallPlatform): { title: string; steps: ReactNode[]; note?: ReactNode } {
  const siteName = publicConfig.siteName;
  switch (platform) {
    case "ios":
      return {
        title: t("Add to your Home Screen"),
        steps: [
          <Trans
            key="share"
            id="Tap the Share button <0>Share</0> in Safari's toolbar (at the bottom of the screen on an iPhone, at the top on an iPad)."
            components={{ 0: <Key icon={Share} /> }}
          />,
          <Trans
            key="add"
            id="Scroll down the list and tap <0>Add to Home Screen</0>."
            components={{ 0: <Key icon={SquarePlus} /> }}
          />,
          <Trans
            key="confirm"
            id="Tap <0>Add</0>. The app's icon appears on your Home Screen."
            components={{ 0: <Key /> }}
          />,
        ],
        note: t("In Chrome or another browser on an iPhone, the Share button is beside the address bar."),
      };
    case "android":
      return {
        title: t("Install on your phone"),
        steps: [
          <Trans
            key="menu"
            id="Open your browser's menu <0>three dots</0> at the top right of the screen."
            components={{ 0: <Key icon={EllipsisVertical} hidden /> }}
          />,
          <Trans
            key="install"
            id="Tap <0>Install app</0> or <1>Add to Home screen</1>."
            components={{ 0: <Key />, 1: <Key /> }}
          />,
          <Trans
            key="confirm"
            id="Tap <0>Install</0>. The app's icon appears with your other apps."
            components={{ 0: <Key /> }}
          />,
        ],
      };
    case "desktop":
      return {
        title: t("Install on your computer"),
        steps: [
          t("Click the install icon at the right end of the address bar, or open the browser's menu."),
          <Trans
            key="choose"
            id="Choose <0>Install {siteName}</0> or <1>Install app</1>, then confirm."
            values={{ siteName }}
            components={{ 0: <Key />, 1: <Key /> }}
          />,
        ],
        note: (
          <Trans
            id="In Safari on a Mac, choose <0>File</0> then <1>Add to Dock</1>. On a phone, use your browser's <2>Add to Home Screen</2>."
            components={{ 0: <Key />, 1: <Key />, 2: <Key /> }}
          />
        ),
      };
  }
}

/** The steps to install by hand on her kind of device, in the app's own dialog. */
export default function InstallSteps({
  platform,
  onClose,
}: {
  platform: InstallPlatform;
  onClose: () => void;
}) {
  const { title, steps, note } = stepsFor(platform);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={t("Keep {siteName} one tap away, like any other app.", {
          siteName: publicConfig.siteName,
        })}
      >
        <ol className="space-y-4">
          {steps.map((step, i) => (
            // Fixed steps in a fixed order: the position is a stable key.
            <li key={i} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sage-600 text-sm font-bold text-white"
              >
                {i + 1}
              </span>
              <p className="pt-0.5 leading-relaxed">{step}</p>
            </li>
          ))}
        </ol>
        {note && (
          <p className="mt-5 rounded-2xl bg-sage-50 p-4 text-sm leading-relaxed text-sage-800">{note}</p>
        )}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>{t("Got it")}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
