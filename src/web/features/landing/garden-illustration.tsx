import { t } from "~/web/lib/i18n";

/** A quiet garden seen through an arched window: sun, hills, an olive tree and new shoots. */
export function GardenIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 420 460"
      className={className}
      role="img"
      aria-label={t("An olive tree in a sunlit garden")}
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f7ecc8" />
          <stop offset="0.6" stopColor="#fbf1eb" />
          <stop offset="1" stopColor="#f1f5ee" />
        </linearGradient>
        <clipPath id="arch">
          <path d="M30 460 V200 A180 180 0 0 1 390 200 V460 Z" />
        </clipPath>
      </defs>
      <path d="M18 460 V200 A192 192 0 0 1 402 200 V460 Z" fill="#ebe2d3" />
      <g clipPath="url(#arch)">
        <rect width="420" height="460" fill="url(#sky)" />
        <circle cx="290" cy="170" r="54" fill="#d9b44a" opacity="0.85" />
        <circle cx="290" cy="170" r="84" fill="#d9b44a" opacity="0.15" />
        <path d="M0 330 C90 280 170 300 240 320 S360 300 420 280 V460 H0 Z" fill="#a4bb98" />
        <path d="M0 370 C110 330 200 360 300 350 S400 330 420 340 V460 H0 Z" fill="#7f9a72" />
        <path d="M0 410 C120 390 240 420 420 395 V460 H0 Z" fill="#4f6a48" />
        <g>
          <path
            d="M150 392 C146 350 156 318 150 280"
            stroke="#5f4b3a"
            strokeWidth="12"
            fill="none"
            strokeLinecap="round"
          />
          <path
            d="M151 320 C170 300 190 292 206 290"
            stroke="#5f4b3a"
            strokeWidth="7"
            fill="none"
            strokeLinecap="round"
          />
          <path
            d="M150 300 C132 284 116 278 100 278"
            stroke="#5f4b3a"
            strokeWidth="7"
            fill="none"
            strokeLinecap="round"
          />
          <ellipse cx="150" cy="245" rx="74" ry="52" fill="#627d56" />
          <ellipse cx="108" cy="262" rx="42" ry="30" fill="#7f9a72" />
          <ellipse cx="198" cy="266" rx="46" ry="30" fill="#7f9a72" />
          <ellipse cx="152" cy="214" rx="48" ry="32" fill="#a4bb98" />
          <circle cx="128" cy="250" r="5" fill="#33452f" />
          <circle cx="176" cy="236" r="5" fill="#33452f" />
          <circle cx="160" cy="270" r="5" fill="#33452f" />
          <circle cx="108" cy="270" r="4" fill="#33452f" />
          <circle cx="206" cy="270" r="4" fill="#33452f" />
        </g>
        <g fill="#bd6f4a">
          <circle cx="292" cy="392" r="7" />
          <circle cx="312" cy="400" r="6" />
          <circle cx="330" cy="388" r="7" />
        </g>
        <g stroke="#33452f" strokeWidth="3" strokeLinecap="round">
          <path d="M292 399 V430" />
          <path d="M312 406 V432" />
          <path d="M330 395 V430" />
        </g>
        <g fill="#f5dfd2">
          <circle cx="255" cy="418" r="5" />
          <circle cx="362" cy="414" r="5" />
          <circle cx="60" cy="420" r="5" />
        </g>
      </g>
      <path
        d="M30 460 V200 A180 180 0 0 1 390 200 V460"
        fill="none"
        stroke="#c39a2c"
        strokeWidth="3"
        opacity="0.5"
      />
    </svg>
  );
}
