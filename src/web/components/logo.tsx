import { useCallback, useState } from "react";
import { cn } from "~/web/lib/cn";
import { publicConfig } from "~/web/lib/public-config";

/** The mark from /logo.png beside the product's name; if the image fails, a monogram stands in. */
export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  const [failed, setFailed] = useState(false);
  const name = publicConfig.siteName;
  // On a server-rendered page, the image may have failed before the app was there to hear it.
  const failedEarly = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      {failed ? (
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-sage-600 font-display text-lg font-semibold text-cream"
        >
          {name.charAt(0)}
        </span>
      ) : (
        <img
          src="/logo.png"
          alt=""
          width={36}
          height={36}
          className="size-9"
          ref={failedEarly}
          onError={() => setFailed(true)}
        />
      )}
      <span
        className={cn(
          "font-display text-xl font-semibold tracking-tight",
          light ? "text-cream" : "text-sage-800",
        )}
      >
        {name}
      </span>
    </span>
  );
}
