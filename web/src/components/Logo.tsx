/** The product mark: a container on a hull, drawn inline so the top bar needs no image request. */
export function LogoMark({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#2d72d2" />
      <rect x="8" y="8" width="7" height="7" rx="1" fill="#fff" />
      <rect x="17" y="8" width="7" height="7" rx="1" fill="#fff" opacity="0.8" />
      <path d="M4 18h24l-3.5 7h-17z" fill="#fff" />
    </svg>
  );
}

export function Logo({ showName = true }: { showName?: boolean }) {
  return (
    <span className="lading-logo" data-testid="logo">
      <LogoMark />
      {showName && <span className="lading-logo-name">Lading</span>}
    </span>
  );
}
