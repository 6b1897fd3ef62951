import { Link } from 'react-router-dom';
import { LogoMark } from '../../common/logo-mark';

/** The DiskonRadar logo linking home; `light` on the dark footer. */
export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link
      to="/"
      className={light ? 'logo logo-light' : 'logo'}
      aria-label="DiskonRadar, ke beranda"
    >
      <LogoMark />
      <span className="logo-text">
        Diskon<span>Radar</span>
      </span>
    </Link>
  );
}
