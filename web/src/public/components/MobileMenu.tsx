import { NavLink } from 'react-router-dom';
import { FAVORITE_TOAST, useUiStore } from '../state/ui-store';
import { HeartIcon } from './site-icons';
import { NAV_ITEMS } from './nav-items';
import { NavBadge } from './NavBar';

export function MobileMenu({ onClose }: { onClose(): void }) {
  const showToast = useUiStore((s) => s.showToast);
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Menu">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              onClick={onClose}
              className={({ isActive }) =>
                `mobile-link${isActive ? ' active' : ''}${item.highlight ? ' highlight' : ''}`
              }
            >
              {item.label}
              {item.badge ? <NavBadge badge={item.badge} /> : null}
            </NavLink>
          </li>
        ))}
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
