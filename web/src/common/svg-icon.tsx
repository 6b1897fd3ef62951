// The one base of the inline stroke icons of both sides (no icon package in the project).
// Plain React, no Mantine: the public bundle imports it too. Decorative: aria-hidden.
import type { SVGProps } from 'react';

export type SvgIconProps = SVGProps<SVGSVGElement> & { size?: number };

/** A 24-unit stroke icon drawn in the current text colour. */
export function SvgIcon({ size = 20, children, ...props }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
