import { Link, useLocation } from 'react-router-dom';
import { isPublicPath } from '@shared/public-routes';
import { SITE_CLAIMS } from '../../common/site-claims';
import { useCategoryClaim } from '../data/queries';
import { NAV_DESCRIPTIONS } from '../seo/route-meta';
import { activeNavPath, NAV_ITEMS, type NavItem } from './nav-items';

export function NavBadge({ badge }: { badge: NonNullable<NavItem['badge']> }) {
  const categoryClaim = useCategoryClaim(SITE_CLAIMS.navCategories);
  // The Kategori badge counts the categories; the others are fixed marks.
  const text = badge.countsCategories ? categoryClaim : badge.text;
  const label = badge.countsCategories ? `${categoryClaim} kategori` : badge.label;
  return (
    <span className={`nav-badge nav-badge-${badge.tone}`}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">({label})</span>
    </span>
  );
}

export function NavBar() {
  const { pathname, search } = useLocation();
  const active = activeNavPath(pathname, search);
  const description = isPublicPath(pathname) ? NAV_DESCRIPTIONS[pathname] : undefined;
  return (
    <nav className="nav-bar" aria-label="Navigasi utama">
      <div className="container nav-row">
        <ul className="nav-list">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={item.to === active ? 'page' : undefined}
                className={`nav-link${item.to === active ? ' active' : ''}${item.highlight ? ' highlight' : ''}`}
              >
                {item.label}
                {item.badge ? <NavBadge badge={item.badge} /> : null}
              </Link>
            </li>
          ))}
        </ul>
        {description ? <p className="nav-description">{description}</p> : null}
      </div>
    </nav>
  );
}
