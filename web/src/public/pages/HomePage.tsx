import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { cappedCountText } from '@shared/rules/capped-count';
import type { Category, Product } from '@shared/types';
import { track } from '../../tracking';
import { Breadcrumbs, type BreadcrumbItem } from '../components/Breadcrumbs';
import { CategorySidebar } from '../components/CategorySidebar';
import { FeaturesSection, Hero, PartnersSection } from '../components/HomeSections';
import { LiveClock } from '../components/LiveClock';
import { Pagination } from '../components/Pagination';
import { ProductCard } from '../components/ProductCard';
import { SearchHelp } from '../components/SearchHelp';
import { CardSkeletons } from '../components/Skeletons';
import { FilterIcon } from '../components/site-icons';
import { useCategories, useProductPage, useSearchPage } from '../data/queries';
import { homeSearch, readHomeParams, type HomeParams } from '@shared/home-address';
import { PRODUCTS_SECTION_ID, scrollToProductsSoon } from '../../common/scroll';
import type { PageMeta } from '../seo/page-meta';
import { staticMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';
import { useUiStore } from '../state/ui-store';
import { ListingControls } from '../components/ListingControls';
import {
  listingApiQuery,
  listingParams,
  readListingParams,
  type ListingFacets,
  type ListingFilters,
} from '@shared/schemas/listing';

/** A page address with the listing's sort and filters kept. */
function withListingParams(search: string, filters: ListingFilters): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of listingParams(filters)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface Listing {
  products: Product[];
  facets?: ListingFacets;
  totalPages: number;
  totalCount: number;
  /** A search's count stopped at SEARCH_COUNT_CAP: totalCount is a lower bound ("1.000+"). */
  totalCountCapped?: boolean;
  currentPage: number;
  loading: boolean;
  /** The list could not be fetched (it then shows the empty state). */
  failed?: boolean;
}

/**
 * Browsing and searching both ask the API for one page of 12: by category id once categories
 * are loaded, or the ranked matches of the search over the whole catalogue.
 */
function useListing(
  params: HomeParams,
  categories: Category[] | undefined,
  listing: string,
): Listing {
  const searching = params.search !== '';
  const selected = params.category
    ? (categories?.find((c) => c.slug === params.category) ?? null)
    : null;
  const unknownCategory = params.category !== null && categories !== undefined && !selected;
  const browseEnabled =
    !searching && !unknownCategory && (params.category === null || selected !== null);
  const page = useProductPage(selected?.id ?? null, params.page, browseEnabled, listing);
  const found = useSearchPage(params.search, params.page, searching, listing);

  if (searching) {
    return {
      products: found.data?.products ?? [],
      facets: found.data?.facets,
      totalPages: found.data?.totalPages ?? 0,
      totalCount: found.data?.totalCount ?? 0,
      totalCountCapped: found.data?.totalCountCapped ?? false,
      currentPage: params.page,
      loading: found.isPending,
      failed: found.isError,
    };
  }
  if (unknownCategory) {
    return { products: [], totalPages: 0, totalCount: 0, currentPage: 1, loading: false };
  }
  return {
    products: page.data?.products ?? [],
    facets: page.data?.facets,
    totalPages: page.data?.totalPages ?? 0,
    totalCount: page.data?.totalCount ?? 0,
    currentPage: params.page,
    // A failed fetch ends in the empty state (spec section 8).
    loading: page.isPending && (browseEnabled || categories === undefined),
  };
}

/** The term last reported, so paging through one search reports it once. */
let reportedSearch = '';

/**
 * A search is reported once its results are known: `search` with how many matched, and
 * `search_no_results` when nothing did, so the admin sees what shoppers miss.
 */
function useSearchTracking(search: string, listing: Listing) {
  const done = search !== '' && !listing.loading && !listing.failed;
  const { totalCount } = listing;
  useEffect(() => {
    if (search === '') reportedSearch = '';
    if (!done || search === reportedSearch) return;
    reportedSearch = search;
    track({ eventType: 'search', data: { query: search, path: '/', resultCount: totalCount } });
    if (totalCount === 0) {
      track({ eventType: 'search_no_results', data: { query: search, path: '/' } });
    }
  }, [search, done, totalCount]);
}

function homeMeta(params: HomeParams, category: Category | null): PageMeta {
  const base = staticMeta('/');
  const pageSuffix = params.page > 1 ? ` - Halaman ${params.page}` : '';
  if (params.search) {
    return {
      ...base,
      title: `Hasil Pencarian "${params.search}"`,
      description: `Hasil pencarian produk diskon untuk "${params.search}" di DiskonRadar.`,
      path: `/${homeSearch({ search: params.search })}`,
      noIndex: true,
      breadcrumbs: [
        { name: 'Beranda', path: '/' },
        { name: `Pencarian: ${params.search}`, path: `/${homeSearch({ search: params.search })}` },
      ],
    };
  }
  if (category) {
    return {
      ...base,
      title: `Diskon ${category.name}${pageSuffix}`,
      description: `Promo dan diskon ${category.name} terbaru dari Shopee, Tokopedia, Lazada, Blibli, Bukalapak dan TikTok Shop. Diskon hingga 70%.`,
      path: `/${homeSearch({ category: category.slug, page: params.page })}`,
      keywords: [category.name, `diskon ${category.name}`, category.group],
      breadcrumbs: [
        { name: 'Beranda', path: '/' },
        { name: category.name, path: `/${homeSearch({ category: category.slug })}` },
      ],
    };
  }
  return {
    ...base,
    title: params.page > 1 ? `Produk Diskon${pageSuffix}` : base.title,
    path: `/${homeSearch({ page: params.page })}`,
  };
}

export function HomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = readHomeParams(new URLSearchParams(location.search));
  const categoriesQuery = useCategories();
  const categories = categoriesQuery.data;
  const selected = params.category
    ? (categories?.find((c) => c.slug === params.category) ?? null)
    : null;
  // Sorting and filters live in the address too (docs/contracts.md, "Shopping").
  const filters = readListingParams(new URLSearchParams(location.search));
  const withControls = params.search !== '' || params.category !== null;
  const listing = useListing(params, categories, listingApiQuery(filters, withControls));
  const openDrawer = useUiStore((s) => s.setDrawerOpen);
  const searching = params.search !== '';
  // An address with a category, a search or a later page came for products: they lead, and the
  // listing's title is the page's heading (the hero, and its h1, would push them below the fold).
  const resultsFirst = searching || params.category !== null || params.page > 1;
  const TitleTag = resultsFirst ? 'h1' : 'h2';
  usePageMeta(homeMeta(params, selected));
  useSearchTracking(params.search, listing);

  const selectCategory = (slug: string | null) => {
    navigate(
      { pathname: '/', search: homeSearch({ category: slug }) },
      { preventScrollReset: true },
    );
    if (slug) track({ eventType: 'category_filter', data: { category: slug, path: '/' } });
    scrollToProductsSoon();
  };

  const changePage = (page: number) => {
    navigate(
      {
        pathname: '/',
        search: withListingParams(homeSearch({ ...params, product: null, page }), filters),
      },
      { preventScrollReset: true },
    );
    scrollToProductsSoon();
  };

  const showAll = () => navigate({ pathname: '/', search: '' }, { preventScrollReset: true });

  let title = 'Semua Produk Diskon';
  if (searching) title = `Hasil Pencarian "${params.search}"`;
  else if (selected) title = selected.name;
  else if (params.category) title = 'Kategori Tidak Dikenal';

  const crumbs: BreadcrumbItem[] | null = searching
    ? [{ label: 'Beranda' }, { label: 'Pencarian' }, { label: `"${params.search}"` }]
    : params.category
      ? [
          { label: 'Beranda' },
          { label: 'Kategori', to: '/kategori' },
          { label: selected?.name ?? params.category },
        ]
      : null;

  return (
    <>
      {resultsFirst ? null : <Hero />}
      <div className={`container home-layout${resultsFirst ? ' results-first' : ''}`}>
        <CategorySidebar
          categories={categories}
          loading={categoriesQuery.isPending}
          selectedSlug={params.category}
          onSelect={selectCategory}
        />
        <section
          id={PRODUCTS_SECTION_ID}
          className="products-section"
          aria-labelledby="products-title"
        >
          {crumbs ? <Breadcrumbs items={crumbs} /> : null}
          <div className="products-header">
            <div>
              <TitleTag id="products-title" className="products-title">
                {title}
              </TitleTag>
              {!listing.loading ? (
                <p className="muted products-count">
                  {cappedCountText(listing.totalCount, listing.totalCountCapped)} produk ditemukan
                  {searching ? ` untuk "${params.search}"` : ''}
                </p>
              ) : null}
            </div>
            {!searching ? <LiveClock /> : null}
          </div>
          {withControls && (!params.category || selected) ? (
            <ListingControls
              search={params.search}
              category={params.category}
              filters={filters}
              facets={listing.facets}
              totalCount={listing.totalCount}
              totalCountCapped={listing.totalCountCapped}
            />
          ) : null}
          <button
            type="button"
            className="button button-light drawer-toggle"
            onClick={() => openDrawer(true)}
          >
            <FilterIcon /> {selected ? `Kategori: ${selected.name}` : 'Pilih Kategori'}
          </button>
          {listing.loading ? (
            <CardSkeletons count={SKELETONS.listing} />
          ) : listing.products.length === 0 && searching ? (
            <SearchHelp search={params.search} onShowAll={showAll} />
          ) : listing.products.length === 0 ? (
            <div className="empty-state">
              <span className="empty-icon" aria-hidden="true">
                📦
              </span>
              <h3>Produk Tidak Ditemukan</h3>
              <p>Belum ada produk diskon di kategori ini. Lihat semua produk lainnya.</p>
              <button type="button" className="button button-primary" onClick={showAll}>
                Kembali ke Semua Produk
              </button>
            </div>
          ) : (
            <div className="product-grid">
              {listing.products.map((product) => (
                <ProductCard key={product.id} product={product} titleLevel={resultsFirst ? 2 : 3} />
              ))}
            </div>
          )}
          <Pagination
            currentPage={listing.currentPage}
            totalPages={listing.totalPages}
            loading={listing.loading}
            onPageChange={changePage}
          />
        </section>
      </div>
      <PartnersSection />
      <FeaturesSection />
    </>
  );
}
