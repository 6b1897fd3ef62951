import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_LENGTH } from '@shared/constants';
import { useLocation, useNavigate } from 'react-router-dom';
import { homeSearch, readHomeParams, withProduct } from '@shared/home-address';
import { scrollToProductsSoon } from '../../common/scroll';
import { FAVORITE_TOAST, useUiStore } from '../state/ui-store';
import { Logo } from './Logo';
import { HeartIcon, MenuIcon, SearchIcon, CloseIcon } from './site-icons';
import { MobileMenu } from './MobileMenu';
import { NavBar } from './NavBar';
import { SearchSuggestions, useSuggestions, type Suggestion } from './SearchSuggestions';

/**
 * The header search keeps the address in sync (spec section 4): a search goes to
 * /?search=term, which clears the category and resets to page 1; an emptied box returns to
 * the plain listing. Typing shows suggestions; Enter searches, or opens the chosen suggestion.
 */
function useHeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlTerm =
    location.pathname === '/' ? readHomeParams(new URLSearchParams(location.search)).search : '';
  const [value, setValue] = useState(urlTerm);

  // The address is the source of truth: back/forward and "show all" update the box.
  useEffect(() => {
    setValue(urlTerm);
  }, [urlTerm]);

  const go = (raw: string) => {
    const term = raw.trim();
    if (term === urlTerm && location.pathname === '/') return;
    const replace = location.pathname === '/' && urlTerm !== '' && term !== '';
    navigate({ pathname: '/', search: homeSearch({ search: term }) }, { replace });
    // The results lead the page, wherever the visitor had scrolled to (a phone's long list).
    if (term !== '') scrollToProductsSoon();
  };

  const choose = (choice: Suggestion) => {
    if (choice.kind === 'product') {
      // The product opens over the page the visitor is on, as a card's link does.
      navigate({ pathname: location.pathname, search: withProduct(location.search, choice.id) });
    } else if (choice.kind === 'category') {
      navigate({ pathname: '/', search: homeSearch({ category: choice.slug }) });
    } else {
      // A corrected spelling, or the term itself: the search page (with its help if empty).
      setValue(choice.term);
      go(choice.term);
    }
  };

  return {
    value,
    choose,
    onChange: (next: string) => {
      setValue(next);
      // Emptying the box of a search returns to the listing at once.
      if (next.trim() === '' && urlTerm !== '') go('');
    },
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      go(value);
    },
    clear: () => {
      setValue('');
      go('');
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
  const suggestions = useSuggestions(search.value, search.choose);
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
        maxLength={MAX_LENGTH.search}
        placeholder="Cari produk, kategori, atau promo..."
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
        {...suggestions.inputProps}
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
      <SearchSuggestions state={suggestions} />
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
