/** Drawn pictures for the sign-in page (no image files to ship or licence). */

/** A factory skyline: the login page's top picture. */
export function FactoryBanner({ height = 150 }: { height?: number }) {
  return (
    <svg
      viewBox="0 0 1200 150"
      preserveAspectRatio="xMidYMax slice"
      width="100%"
      height={height}
      role="img"
      aria-hidden="true"
      data-testid="login-top-picture"
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3c8dbc" />
          <stop offset="1" stopColor="#6fb3dc" />
        </linearGradient>
      </defs>
      <rect width="1200" height="150" fill="url(#sky)" />
      <g fill="#2f6f96" opacity="0.55">
        <rect x="40" y="70" width="120" height="80" />
        <rect x="70" y="30" width="18" height="45" />
        <rect x="110" y="45" width="14" height="30" />
        <path d="M180 150V80l50 25V80l50 25V80l50 25v45z" />
        <rect x="360" y="60" width="90" height="90" />
        <rect x="470" y="95" width="160" height="55" />
        <rect x="500" y="40" width="16" height="60" />
        <path d="M660 150V90l60 30V90l60 30V90l60 30v30z" />
        <rect x="860" y="75" width="110" height="75" />
        <rect x="900" y="25" width="20" height="55" />
        <rect x="990" y="100" width="170" height="50" />
      </g>
      <g fill="#1c232f" opacity="0.35">
        <rect x="0" y="135" width="1200" height="15" />
      </g>
      <g fill="#fff" opacity="0.5">
        <circle cx="79" cy="22" r="6" />
        <circle cx="86" cy="12" r="4" />
        <circle cx="509" cy="32" r="5" />
        <circle cx="910" cy="16" r="6" />
        <circle cx="918" cy="6" r="3" />
      </g>
    </svg>
  );
}

/** A row of gears and a conveyor: the login page's bottom picture. */
export function ConveyorStrip() {
  return (
    <svg
      viewBox="0 0 1200 60"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height={60}
      aria-hidden="true"
      data-testid="login-bottom-picture"
    >
      <rect width="1200" height="60" fill="#e8eef5" />
      <rect x="0" y="38" width="1200" height="6" fill="#b8c7d9" />
      {Array.from({ length: 12 }, (_, i) => (
        <g key={i} transform={`translate(${50 + i * 100} 41)`}>
          <circle r="9" fill="#9fb3c8" />
          <circle r="3" fill="#e8eef5" />
        </g>
      ))}
      {Array.from({ length: 6 }, (_, i) => (
        <rect
          key={i}
          x={90 + i * 190}
          y="14"
          width="46"
          height="24"
          rx="3"
          fill="#3c8dbc"
          opacity={0.35 + i * 0.08}
        />
      ))}
    </svg>
  );
}
