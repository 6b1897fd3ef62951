// What a search that found nothing offers instead (docs/contracts.md, "Shopping help"): the
// spec's empty state, the nearest spelling ("Mungkin maksud Anda ..."), the categories whose
// name matches the words, and a few of today's promos. Drawn on the server like the results.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { homeSearch, searchTerm } from '@shared/home-address';
import { promoFallback } from '@shared/rules/ranking';
import { fetchSuggestions } from '../data/api';
import { useFeaturedOrFallback } from '../data/queries';
import { queryKeys } from '../data/query-keys';
import { ProductCard } from './ProductCard';

/** How many of today's promos the help shows: one row on a laptop, two on a phone. */
export const SEARCH_HELP_PROMOS = 4;

/** The spelling and the categories for a search that found nothing. */
export const useSearchHelp = (search: string) =>
  useQuery({
    queryKey: queryKeys.searchHelp(search),
    queryFn: () => fetchSuggestions(searchTerm(search)),
  });

export function SearchHelp({ search, onShowAll }: { search: string; onShowAll(): void }) {
  const help = useSearchHelp(search).data;
  const promos = useFeaturedOrFallback('promo', promoFallback).products.slice(
    0,
    SEARCH_HELP_PROMOS,
  );
  const categories = help?.categories ?? [];
  return (
    <div className="search-help">
      <div className="empty-state">
        <span className="empty-icon" aria-hidden="true">
          🔍
        </span>
        <h2>Tidak Ada Hasil Pencarian</h2>
        <p>{`Tidak ada produk yang cocok dengan "${search}". Coba kata kunci lain.`}</p>
        {help?.didYouMean ? (
          <p className="did-you-mean">
            Mungkin maksud Anda{' '}
            <Link to={{ pathname: '/', search: homeSearch({ search: help.didYouMean }) }}>
              <strong>{help.didYouMean}</strong>
            </Link>
            ?
          </p>
        ) : null}
        {categories.length > 0 ? (
          <nav className="help-categories" aria-label="Kategori yang cocok">
            <p className="help-label">Kategori yang cocok:</p>
            <ul>
              {categories.map((category) => (
                <li key={category.slug}>
                  <Link
                    className="chip-link"
                    to={{ pathname: '/', search: homeSearch({ category: category.slug }) }}
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <button type="button" className="button button-primary" onClick={onShowAll}>
          Kembali ke Semua Produk
        </button>
      </div>
      {promos.length > 0 ? (
        <section className="help-promos" aria-labelledby="help-promos-title">
          <div className="help-promos-header">
            <h2 id="help-promos-title">Promo hari ini</h2>
            <Link to="/promo-hari-ini">Lihat semua promo</Link>
          </div>
          <div className="product-grid">
            {promos.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
