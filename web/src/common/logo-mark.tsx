// The DiskonRadar mark, the same in the site's header and footer and on the admin screens.

/** The DiskonRadar mark: a radar sweep over a price tag. */
export const LogoMark = () => (
  <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="9" fill="#c2410c" />
    <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2" opacity=".55" />
    <circle cx="16" cy="16" r="4.5" fill="none" stroke="#fff" strokeWidth="2" />
    <path d="M16 16 24 9" stroke="#fde68a" strokeWidth="2.5" strokeLinecap="round" />
    <circle cx="16" cy="16" r="1.8" fill="#fff" />
  </svg>
);
