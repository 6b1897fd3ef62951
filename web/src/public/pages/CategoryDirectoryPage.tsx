import { Link } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { categoryGroupLabel } from '@shared/rules/category';
import { CategoryIcon } from '../components/CategoryIcon';
import { TileSkeletons } from '../components/Skeletons';
import { useCategories } from '../data/queries';
import { groupCategories } from '../lib/category-groups';
import { homeSearch } from '@shared/home-address';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/** '12 produk', or that none is on offer yet (the tile still leads to the category). */
function productCountText(count: number): string {
  return count > 0 ? `${count.toLocaleString('id-ID')} produk` : 'Belum ada produk';
}

export function CategoryDirectoryPage() {
  const { data: categories, isPending } = useCategories();
  usePageMeta(topLevelMeta('/kategori', 'Kategori'));
  return (
    <div className="container page">
      <header className="page-header">
        <h1>
          {isPending || !categories
            ? 'Semua Kategori'
            : `${categories.length.toLocaleString('id-ID')} Kategori Tersedia`}
        </h1>
        <p className="page-lead">
          Pilih kategori untuk melihat produk diskon terbaru dari 6 marketplace.
        </p>
      </header>
      {isPending || !categories ? (
        <TileSkeletons count={SKELETONS.categories} testId="category-skeleton" />
      ) : categories.length === 0 ? (
        <div className="empty-state">
          <h2>Belum ada kategori</h2>
        </div>
      ) : (
        groupCategories(categories).map(([group, items], index) => (
          <section key={group} className="category-section" aria-labelledby={`group-${index}`}>
            <h2 id={`group-${index}`} className="group-title">
              {categoryGroupLabel(group)}
            </h2>
            <ul className="tile-grid">
              {items.map((category) => (
                <li key={category.id}>
                  <Link
                    className="category-tile"
                    to={{ pathname: '/', search: homeSearch({ category: category.slug }) }}
                  >
                    <CategoryIcon category={category} large />
                    <span className="tile-name">{category.name}</span>
                    <span className="tile-count">{productCountText(category.productCount)}</span>
                    <span className="tile-action" aria-hidden="true">
                      Lihat produk →
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <aside className="cta-box">
        <h2>Tidak menemukan kategori yang kamu cari?</h2>
        <p>Beri tahu kami kategori atau produk yang ingin kamu lihat diskonnya.</p>
        <Link to="/contact" className="button button-primary">
          Hubungi Kami
        </Link>
      </aside>
    </div>
  );
}
