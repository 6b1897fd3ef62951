import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { track } from '../../tracking';
import { homeSearch, readHomeParams } from '../lib/home-params';
import { FAVORITE_TOAST, useUiStore } from '../state/ui-store';
import { Logo } from './Logo';
import { HeartIcon, MenuIcon, SearchIcon, CloseIcon } from './site-icons';
import { MobileMenu } from './MobileMenu';
import { NavBar } from './NavBar';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The header search keeps the address in sync (spec section 4): typing goes to /?search=term,
 * which clears the category and resets to page 1; an empty box returns to the plain listing.
 */
function useHeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlTerm =
    location.pathname === '/' ? readHomeParams(new URLSearchParams(location.search)).search : '';
  const [value, setValue] = useState(urlTerm);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTracked = useRef('');

  // The address is the source of truth: back/forward and "show all" update the box.
  useEffect(() => {
    setValue(urlTerm);
  }, [urlTerm]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (raw: string, immediate: boolean) => {
    const term = raw.trim();
    if (timer.current) clearTimeout(timer.current);
    const go = () => {
      if (term === urlTerm) return;
      const replace = location.pathname === '/' && urlTerm !== '' && term !== '';
      navigate({ pathname: '/', search: homeSearch({ search: term }) }, { replace });
      if (term && term !== lastTracked.current) {
        lastTracked.current = term;
        track({ eventType: 'search', data: { query: term, path: location.pathname } });
      }
    };
    if (immediate) go();
    else timer.current = setTimeout(go, SEARCH_DEBOUNCE_MS);
  };

  return {
    value,
    onChange: (next: string) => {
      setValue(next);
      commit(next, false);
    },
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      commit(value, true);
    },
    clear: () => {
      setValue('');
      commit('', true);
    },
  };
}

interface SearchBoxProps {
  id: string;
  className: string;
  search: ReturnType<typeof useHeaderSearch>;
  inputRef?: React.Ref<HTMLInputElement>;
}

function SearchBox({ id, className, search, inputRef }: SearchBoxProps) {
  return (
    <form role="search" className={`search-box ${className}`} onSubmit={search.onSubmit}>
      <label htmlFor={id} className="sr-only">
        Cari produk diskon
      </label>
      <span className="search-icon">
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Cari produk, kategori, atau promo..."
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
      />
      {search.value ? (
        <button
          type="button"
          className="search-clear"
          onClick={search.clear}
          aria-label="Hapus pencarian"
        >
          <CloseIcon />
        </button>
      ) : null}
    </form>
  );
}

export function Header() {
  const search = useHeaderSearch();
  const mobileInput = useRef<HTMLInputElement>(null);
  const menuOpen = useUiStore((s) => s.mobileMenuOpen);
  const setMenuOpen = useUiStore((s) => s.setMobileMenuOpen);
  const showToast = useUiStore((s) => s.showToast);
  const location = useLocation();

  // A route change closes the mobile menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, setMenuOpen]);

  return (
    <header className="site-header">
      <div className="container header-row">
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Tutup menu' : 'Buka menu'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Logo />
        <SearchBox id="search-desktop" className="search-desktop" search={search} />
        <button
          type="button"
          className="icon-button search-focus"
          aria-label="Cari produk"
          onClick={() => {
            mobileInput.current?.focus();
            mobileInput.current?.scrollIntoView({ block: 'nearest' });
          }}
        >
          <SearchIcon />
        </button>
        <button type="button" className="favorite-button" onClick={() => showToast(FAVORITE_TOAST)}>
          <HeartIcon />
          <span>Favorit</span>
        </button>
      </div>
      <div className="container search-mobile-row">
        <SearchBox
          id="search-mobile"
          className="search-mobile"
          search={search}
          inputRef={mobileInput}
        />
      </div>
      <NavBar />
      {menuOpen ? <MobileMenu onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
