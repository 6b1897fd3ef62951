import { Link, useLocation } from 'react-router-dom';
import { FAVORITE_TOAST, useUiStore } from '../state/ui-store';
import { HeartIcon } from './site-icons';
import { activeNavPath, NAV_ITEMS } from './nav-items';
import { NavBadge } from './NavBar';

export function MobileMenu({ onClose }: { onClose(): void }) {
  const showToast = useUiStore((s) => s.showToast);
  const { pathname, search } = useLocation();
  const active = activeNavPath(pathname, search);
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Menu">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onClose}
              aria-current={item.to === active ? 'page' : undefined}
              className={`mobile-link${item.to === active ? ' active' : ''}${item.highlight ? ' highlight' : ''}`}
            >
              {item.label}
              {item.badge ? <NavBadge badge={item.badge} /> : null}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/pantauan"
            onClick={onClose}
            aria-current={pathname === '/pantauan' ? 'page' : undefined}
            className={`mobile-link${pathname === '/pantauan' ? ' active' : ''}`}
          >
            Pantauan
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="mobile-link"
            onClick={() => {
              showToast(FAVORITE_TOAST);
              onClose();
            }}
          >
            <HeartIcon /> Favorit
          </button>
        </li>
      </ul>
    </nav>
  );
}
