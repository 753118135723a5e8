import { EllipsisVertical, Share, SquarePlus } from "lucide-react";
import type { ReactNode } from "react";
import type { InstallPlatform } from "~/web/lib/install-offer";
import { publicConfig } from "~/web/lib/public-config";
import { Button } from "./ui/button";
import { Dialog, DialogClose, DialogContent } from "./ui/dialog";

const Key = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 rounded-md border border-linen bg-white px-1.5 py-0.5 align-middle text-sm font-semibold text-ink">
    {children}
  </span>
);

const STEPS: Record<InstallPlatform, { title: string; steps: ReactNode[]; note?: ReactNode }> = {
  ios: {
    title: "Add to your Home Screen",
    steps: [
      <>
        Tap the Share button{" "}
        <Key>
          <Share className="size-4" aria-hidden="true" /> Share
        </Key>{" "}
        in Safari's toolbar (at the bottom of the screen on an iPhone, at the top on an iPad).
      </>,
      <>
        Scroll down the list and tap{" "}
        <Key>
          <SquarePlus className="size-4" aria-hidden="true" /> Add to Home Screen
        </Key>
        .
      </>,
      <>
        Tap <Key>Add</Key>. The app's icon appears on your Home Screen.
      </>,
    ],
    note: "In Chrome or another browser on an iPhone, the Share button is beside the address bar.",
  },
  android: {
    title: "Install on your phone",
    steps: [
      <>
        Open your browser's menu{" "}
        <Key>
          <EllipsisVertical className="size-4" aria-hidden="true" />
          <span className="sr-only">three dots</span>
        </Key>{" "}
        at the top right of the screen.
      </>,
      <>
        Tap <Key>Install app</Key> or <Key>Add to Home screen</Key>.
      </>,
      <>
        Tap <Key>Install</Key>. The app's icon appears with your other apps.
      </>,
    ],
  },
  desktop: {
    title: "Install on your computer",
    steps: [
      <>Click the install icon at the right end of the address bar, or open the browser's menu.</>,
      <>
        Choose <Key>Install {publicConfig.siteName}</Key> or <Key>Install app</Key>, then confirm.
      </>,
    ],
    note: (
      <>
        In Safari on a Mac, choose <Key>File</Key> then <Key>Add to Dock</Key>. On a phone, use your browser's{" "}
        <Key>Add to Home Screen</Key>.
      </>
    ),
  },
};

/** The steps to install by hand on her kind of device, in the app's own dialog. */
export default function InstallSteps({
  platform,
  onClose,
}: {
  platform: InstallPlatform;
  onClose: () => void;
}) {
  const { title, steps, note } = STEPS[platform];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        description={`Keep ${publicConfig.siteName} one tap away, like any other app.`}
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
            <Button>Got it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
