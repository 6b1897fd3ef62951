// The header search's suggestions (WAI-ARIA combobox with a listbox popup): as the visitor
// types, up to 5 products and 3 categories from GET /api/search/suggest. Arrow keys move
// through them, Enter chooses (or searches when nothing is chosen), Escape closes.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SearchSuggestions as Suggestions } from '@shared/types';
import { fetchSuggestions } from '../data/api';
import { queryKeys } from '../data/query-keys';
import { fallbackToPlaceholder, imageSrc } from '../lib/images';

const SUGGEST_DEBOUNCE_MS = 150;
/** Shorter terms suggest nothing: one letter says too little to be worth a request. */
const MIN_LENGTH = 2;

export type Suggestion =
  | { kind: 'product'; id: string; title: string; imageUrl: string; discountPercentage: number }
  | { kind: 'category'; name: string; slug: string }
  /** Nothing found: searching the term anyway opens the page's help (docs/contracts.md). */
  | { kind: 'no-results'; term: string }
  /** Nothing found: the nearest spelling that finds something. */
  | { kind: 'correction'; term: string };

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function toOptions(data: Suggestions | undefined, term: string | null): Suggestion[] {
  if (!data) return [];
  const categories = data.categories.map((c) => ({ kind: 'category' as const, ...c }));
  if (data.products.length > 0 || term === null) {
    return [...data.products.map((p) => ({ kind: 'product' as const, ...p })), ...categories];
  }
  // Nothing found says so, with the nearest spelling first among the ways on.
  return [
    { kind: 'no-results', term },
    ...(data.didYouMean ? [{ kind: 'correction' as const, term: data.didYouMean }] : []),
    ...categories,
  ];
}

const optionKey = (option: Suggestion) => {
  switch (option.kind) {
    case 'product':
      return option.id;
    case 'category':
      return `category-${option.slug}`;
    default:
      return `${option.kind}-${option.term}`;
  }
};

export interface SuggestionsState {
  listId: string;
  options: Suggestion[];
  open: boolean;
  active: number;
  /** The props the combobox input spreads. */
  inputProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
    onFocus(): void;
    onBlur(): void;
  };
  optionId(index: number): string;
  choose(index: number): void;
  close(): void;
}

/**
 * The combobox's state for one search box. `onChoose` opens a suggestion; Enter without an
 * active option is left to the form (a search).
 */
export function useSuggestions(
  term: string,
  onChoose: (choice: Suggestion) => void,
): SuggestionsState {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(term.trim().toLowerCase(), SUGGEST_DEBOUNCE_MS);
  const enabled = focused && query.length >= MIN_LENGTH;
  const result = useQuery({
    queryKey: queryKeys.suggestions(query),
    queryFn: ({ signal }) => fetchSuggestions(query, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  // "Nothing found" is said of the term the answer is for, not of an earlier one still shown.
  const answeredTerm = result.isPlaceholderData ? null : term.trim();
  const options =
    enabled && term.trim().length >= MIN_LENGTH ? toOptions(result.data, answeredTerm) : [];
  const open = focused && !dismissed && options.length > 0;

  // A new term starts over: nothing active, the list may open again.
  useEffect(() => {
    setActive(-1);
    setDismissed(false);
  }, [term]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const close = () => {
    setDismissed(true);
    setActive(-1);
  };
  const choose = (index: number) => {
    const choice = options[index];
    if (!choice) return;
    close();
    onChoose(choice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setDismissed(false);
          setActive(event.key === 'ArrowDown' ? 0 : count - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 (the text box itself) sits between the last option and the first.
        setActive((current) => ((current + 1 + step + count + 1) % (count + 1)) - 1);
        return;
      }
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          choose(active);
        } else {
          close();
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      default:
        return;
    }
  };

  return {
    listId,
    options,
    open,
    active,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onFocus: () => setFocused(true),
      onBlur: () => {
        setFocused(false);
        setActive(-1);
      },
    },
    optionId,
    choose,
    close,
  };
}

function announcement(options: Suggestion[]): string {
  const products = options.filter((o) => o.kind === 'product').length;
  const categories = options.filter((o) => o.kind === 'category').length;
  if (options.length === 0) return '';
  const correction = options.find((o) => o.kind === 'correction');
  if (options[0]?.kind === 'no-results') {
    return [
      'Tidak ada produk yang cocok.',
      correction ? `Mungkin maksud Anda ${correction.term}.` : '',
      categories ? `${categories} kategori disarankan.` : '',
      'Gunakan panah atas dan bawah untuk memilih.',
    ]
      .filter(Boolean)
      .join(' ');
  }
  const parts = [
    products ? `${products} produk` : '',
    categories ? `${categories} kategori` : '',
  ].filter(Boolean);
  return `${parts.join(' dan ')} disarankan. Gunakan panah atas dan bawah untuk memilih.`;
}

/** The popup listbox and a polite live region announcing how many suggestions there are. */
export function SearchSuggestions({ state }: { state: SuggestionsState }) {
  const { options, open, active, listId } = state;
  const renderOption = (option: Suggestion, index: number) => (
    <li
      key={optionKey(option)}
      id={state.optionId(index)}
      role="option"
      aria-selected={index === active}
      className={`suggestion${index === active ? ' is-active' : ''}`}
      // Keep focus in the text box; the click chooses.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => state.choose(index)}
    >
      {option.kind === 'product' ? (
        <>
          <img
            src={imageSrc(option.imageUrl)}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            onError={fallbackToPlaceholder}
          />
          <span className="suggestion-title">{option.title}</span>
          {option.discountPercentage > 0 ? (
            <span className="suggestion-discount">-{option.discountPercentage}%</span>
          ) : null}
        </>
      ) : option.kind === 'category' ? (
        <>
          <span className="suggestion-tag" aria-hidden="true">
            #
          </span>
          <span className="suggestion-title">{option.name}</span>
          <span className="suggestion-kind">Kategori</span>
        </>
      ) : option.kind === 'correction' ? (
        <>
          <span className="suggestion-tag" aria-hidden="true">
            ?
          </span>
          <span className="suggestion-title">
            Mungkin maksud Anda <strong>{option.term}</strong>
          </span>
          <span className="suggestion-kind">Cari</span>
        </>
      ) : (
        <>
          <span className="suggestion-tag" aria-hidden="true">
            🔍
          </span>
          <span className="suggestion-title">{`Tidak ada produk untuk "${option.term}"`}</span>
          <span className="suggestion-kind">Bantuan</span>
        </>
      )}
    </li>
  );
  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label="Saran pencarian"
        className="suggestions"
        hidden={!open}
      >
        {options.map(renderOption)}
      </ul>
      <div role="status" aria-live="polite" className="sr-only">
        {open ? announcement(options) : ''}
      </div>
    </>
  );
}
