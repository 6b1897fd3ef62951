import { cappedCountText } from '@shared/rules/capped-count';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PLATFORM_DISPLAY_NAMES, PLATFORMS } from '@shared/constants';
import { formatRupiah } from '@shared/rules/price';
import {
  DISCOUNT_STEPS,
  LISTING_SORTS,
  SORT_LABELS,
  effectiveSort,
  listingParams,
  readListingParams,
  type ListingFacets,
  type ListingFilters,
} from '@shared/schemas/listing';
import { FilterSheet } from './FilterSheet';
import { FilterIcon } from './site-icons';

interface ListingControlsProps {
  /** What the page lists: a search term ('' for none) or a category slug. */
  search: string;
  category: string | null;
  filters: ListingFilters;
  facets: ListingFacets | undefined;
  totalCount: number;
  /** The count stopped at SEARCH_COUNT_CAP: "1.000+". */
  totalCountCapped?: boolean;
  /** The page's path ('/' unless said: the promo page lists at its own). */
  path?: string;
  /** The page's own order, shown first when no sort is chosen (the promo page's). */
  defaultOrderLabel?: string;
}

const FORM_ID = 'listing-form';

/** The page address for these filters, keeping what the page lists (and no page number). */
export function listingAddress(
  search: string,
  category: string | null,
  filters: ListingFilters,
  path = '/',
): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  else if (category) params.set('category', category);
  for (const [name, value] of listingParams(filters)) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const shortRupiah = (value: number) =>
  value >= 1_000_000
    ? `Rp ${(value / 1_000_000).toLocaleString('id-ID')} jt`
    : `Rp ${(value / 1000).toLocaleString('id-ID')} rb`;

function rangeLabel(min: number, max: number | null) {
  if (min === 0 && max !== null) return `Di bawah ${shortRupiah(max)}`;
  if (max === null) return `${shortRupiah(min)} ke atas`;
  return `${shortRupiah(min)} – ${shortRupiah(max)}`;
}

/** The active filters as removable chips: each a link to the same list without it. */
function activeChips(filters: ListingFilters) {
  const chips: { key: string; label: string; without: ListingFilters }[] = [];
  for (const platform of filters.platforms) {
    chips.push({
      key: `platform-${platform}`,
      label: PLATFORM_DISPLAY_NAMES[platform],
      without: { ...filters, platforms: filters.platforms.filter((p) => p !== platform) },
    });
  }
  if (filters.minPrice !== undefined) {
    chips.push({
      key: 'minPrice',
      label: `Mulai ${formatRupiah(filters.minPrice)}`,
      without: { ...filters, minPrice: undefined },
    });
  }
  if (filters.maxPrice !== undefined) {
    chips.push({
      key: 'maxPrice',
      label: `Sampai ${formatRupiah(filters.maxPrice)}`,
      without: { ...filters, maxPrice: undefined },
    });
  }
  if (filters.minDiscount !== undefined) {
    chips.push({
      key: 'minDiscount',
      label: `Diskon ${filters.minDiscount}%+`,
      without: { ...filters, minDiscount: undefined },
    });
  }
  if (filters.inStock) {
    chips.push({ key: 'inStock', label: 'Stok tersedia', without: { ...filters, inStock: false } });
  }
  return chips;
}

function FilterFields({
  filters,
  facets,
  search,
  category,
  path,
}: Pick<ListingControlsProps, 'filters' | 'facets' | 'search' | 'category' | 'path'>) {
  const platformCount = new Map(facets?.platforms.map((f) => [f.platform, f.count]));
  const discountCount = new Map(facets?.discounts.map((f) => [f.min, f.count]));
  // Facets of a capped search counted its newest matches only: each count a lower bound.
  const count = (value: number | undefined) =>
    value === undefined ? '' : ` (${cappedCountText(value, facets?.capped && value > 0)})`;
  return (
    <div className="filter-fields">
      <fieldset className="filter-group">
        <legend>Marketplace</legend>
        {PLATFORMS.map((platform) => (
          <label key={platform} className="filter-check">
            <input
              type="checkbox"
              name="platform"
              value={platform}
              defaultChecked={filters.platforms.includes(platform)}
            />
            {PLATFORM_DISPLAY_NAMES[platform]}
            <span className="filter-count">{count(platformCount.get(platform))}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-group">
        <legend>Rentang harga</legend>
        <div className="filter-prices">
          <label>
            <span className="sr-only">Harga minimum (Rp)</span>
            <input
              type="number"
              name="minPrice"
              min={0}
              step={1000}
              inputMode="numeric"
              placeholder="Min (Rp)"
              defaultValue={filters.minPrice ?? ''}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="sr-only">Harga maksimum (Rp)</span>
            <input
              type="number"
              name="maxPrice"
              min={0}
              step={1000}
              inputMode="numeric"
              placeholder="Maks (Rp)"
              defaultValue={filters.maxPrice ?? ''}
            />
          </label>
        </div>
        {facets ? (
          <ul className="filter-ranges">
            {facets.priceRanges.map((range) => (
              <li key={range.min}>
                <Link
                  to={listingAddress(
                    search,
                    category,
                    {
                      ...filters,
                      minPrice: range.min === 0 ? undefined : range.min,
                      maxPrice: range.max === null ? undefined : range.max - 1,
                    },
                    path,
                  )}
                  preventScrollReset
                >
                  {rangeLabel(range.min, range.max)}
                  <span className="filter-count">{count(range.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <fieldset className="filter-group">
        <legend>Diskon minimum</legend>
        <label className="filter-check">
          <input
            type="radio"
            name="minDiscount"
            value=""
            defaultChecked={filters.minDiscount === undefined}
          />
          Semua diskon
        </label>
        {DISCOUNT_STEPS.map((step) => (
          <label key={step} className="filter-check">
            <input
              type="radio"
              name="minDiscount"
              value={step}
              defaultChecked={filters.minDiscount === step}
            />
            {step}% ke atas
            <span className="filter-count">{count(discountCount.get(step))}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-group">
        <legend>Ketersediaan</legend>
        <label className="filter-check filter-toggle">
          <input type="checkbox" name="inStock" value="true" defaultChecked={filters.inStock} />
          Stok tersedia
        </label>
      </fieldset>
    </div>
  );
}

/**
 * Sorting and filters of a listing (docs/contracts.md, "Shopping"): a plain GET form, so a
 * browser without JavaScript sends the address the server renders. With JavaScript a change
 * navigates in place (the list updates without a reload); on phones the filters open as a
 * bottom sheet.
 */
export function ListingControls({
  search,
  category,
  filters,
  facets,
  totalCount,
  totalCountCapped,
  path = '/',
  defaultOrderLabel,
}: ListingControlsProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [phone, setPhone] = useState(false);
  const searching = search !== '';
  const sort = defaultOrderLabel ? (filters.sort ?? '') : effectiveSort(filters.sort, searching);
  const chips = activeChips(filters);
  // The form's controls keep their own state: a new address (a chip, the back button) resets
  // them by remounting the form.
  const formKey = listingAddress(search, category, filters, path);

  useEffect(() => {
    const query = window.matchMedia('(max-width: 767px)');
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) params.append(name, String(value));
    const next = readListingParams(params);
    // The default order is no filter: the address stays short.
    if (!defaultOrderLabel && next.sort === (searching ? 'relevance' : 'newest')) {
      next.sort = undefined;
    }
    setSheetOpen(false);
    navigate(listingAddress(search, category, next, path), { preventScrollReset: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  // Desktop applies a box or option as it is ticked; the phone sheet waits for its button.
  const onChange = (event: FormEvent) => {
    const target = event.target as HTMLInputElement;
    if (target.type === 'number' || sheetOpen) return;
    apply();
  };

  const sheetFooter = (
    <div className="filter-sheet-actions">
      <Link
        className="button button-light"
        to={listingAddress(
          search,
          category,
          { sort: filters.sort, platforms: [], inStock: false },
          path,
        )}
        onClick={() => setSheetOpen(false)}
        preventScrollReset
      >
        Hapus filter
      </Link>
      <button type="submit" form={FORM_ID} className="button button-primary">
        Tampilkan {cappedCountText(totalCount, totalCountCapped)} produk
      </button>
    </div>
  );

  return (
    <form
      key={formKey}
      id={FORM_ID}
      ref={formRef}
      className="listing-controls"
      method="get"
      action={path}
      role="search"
      aria-label="Urutkan dan filter produk"
      onSubmit={onSubmit}
      onChange={onChange}
    >
      {searching ? <input type="hidden" name="search" value={search} /> : null}
      {!searching && category ? <input type="hidden" name="category" value={category} /> : null}
      <div className="listing-bar">
        <label className="listing-sort">
          <span>Urutkan</span>
          <select name="sort" defaultValue={sort}>
            {defaultOrderLabel ? <option value="">{defaultOrderLabel}</option> : null}
            {LISTING_SORTS.filter((value) => value !== 'relevance' || searching).map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-light filter-open"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <FilterIcon /> Filter{chips.length > 0 ? ` (${chips.length})` : ''}
        </button>
        <button type="submit" className="button button-primary listing-apply">
          Terapkan
        </button>
      </div>
      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label="Filter aktif">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Link
                className="filter-chip"
                to={listingAddress(search, category, chip.without, path)}
                aria-label={`Hapus filter ${chip.label}`}
                preventScrollReset
              >
                {chip.label} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              className="filter-reset"
              to={listingAddress(
                search,
                category,
                { sort: filters.sort, platforms: [], inStock: false },
                path,
              )}
              preventScrollReset
            >
              Hapus filter
            </Link>
          </li>
        </ul>
      ) : null}
      {sheetOpen && phone ? (
        <FilterSheet onClose={() => setSheetOpen(false)} footer={sheetFooter}>
          <FilterFields
            filters={filters}
            facets={facets}
            search={search}
            category={category}
            path={path}
          />
        </FilterSheet>
      ) : (
        <div className="filter-panel">
          <FilterFields
            filters={filters}
            facets={facets}
            search={search}
            category={category}
            path={path}
          />
        </div>
      )}
    </form>
  );
}
