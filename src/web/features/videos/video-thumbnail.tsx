import { Lock, PlayCircle } from "lucide-react";
import { useState } from "react";
import { youTubeThumbnail } from "~/core/youtube";
import { cn } from "~/web/lib/cn";

/**
 * A video's still image from YouTube, or a soft garden gradient when there is none or it cannot
 * load (offline, blocked), so a card never shows a broken image. A patron-only video whose id was
 * withheld (`locked`) shows a lock in the gradient.
 */
export function VideoThumbnail({
  youtubeId,
  size = "mqdefault",
  className,
  eager = false,
  locked = false,
}: {
  youtubeId: string | null;
  locked?: boolean;
  size?: "mqdefault" | "hqdefault";
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = youtubeId && !failed;
  return (
    <div
      className={cn(
        "relative aspect-video overflow-hidden bg-gradient-to-br from-sage-200 via-sage-100 to-gold-100",
        className,
      )}
    >
      {showImage ? (
        <img
          src={youTubeThumbnail(youtubeId, size)}
          alt=""
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : locked && !youtubeId ? (
        <Lock aria-hidden="true" className="absolute inset-0 m-auto size-10 text-gold-700/70" />
      ) : (
        <PlayCircle aria-hidden="true" className="absolute inset-0 m-auto size-12 text-sage-500/70" />
      )}
    </div>
  );
}
