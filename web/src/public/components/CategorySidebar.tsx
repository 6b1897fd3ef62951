import { Link } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { categoryGroupLabel } from '@shared/rules/category';
import type { Category } from '@shared/types';
import { groupCategories } from '../lib/category-groups';
import { homeSearch } from '@shared/home-address';
import { useUiStore } from '../state/ui-store';
import { CategoryIcon } from './CategoryIcon';
import { Dialog } from './Dialog';
import { RowSkeletons } from './Skeletons';

interface CategoryListProps {
  categories: Category[] | undefined;
  loading: boolean;
  selectedSlug: string | null;
  onSelect(slug: string | null): void;
}

function CategoryList({ categories, loading, selectedSlug, onSelect }: CategoryListProps) {
  if (loading || !categories) {
    return <RowSkeletons count={SKELETONS.sidebar} testId="sidebar-skeleton" />;
  }
  return (
    <>
      <div className="category-groups">
        {groupCategories(categories).map(([group, items]) => (
          <section key={group} className="category-group">
            <h3 className="category-group-title">{categoryGroupLabel(group)}</h3>
            <ul>
              {items.map((category) => {
                const selected = category.slug === selectedSlug;
                return (
                  <li key={category.id}>
                    <Link
                      to={{ pathname: '/', search: homeSearch({ category: category.slug }) }}
                      className={`category-item${selected ? ' selected' : ''}`}
                      aria-current={selected ? 'true' : undefined}
                      preventScrollReset
                      onClick={(event) => {
                        event.preventDefault();
                        onSelect(category.slug);
                      }}
                    >
                      <CategoryIcon category={category} />
                      <span className="category-name">{category.name}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      <button
        type="button"
        className={`button sidebar-all${selectedSlug ? ' button-primary' : ' button-light'}`}
        onClick={() => onSelect(null)}
      >
        {selectedSlug ? 'Lihat Semua Produk' : 'Menampilkan Semua Produk'}
      </button>
    </>
  );
}

/** Desktop: a fixed left column. Phones: a 16rem drawer with a close button and an overlay. */
export function CategorySidebar(props: CategoryListProps) {
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const setDrawerOpen = useUiStore((s) => s.setDrawerOpen);
  const select = (slug: string | null) => {
    setDrawerOpen(false);
    props.onSelect(slug);
  };
  return (
    <>
      <aside className="category-sidebar" aria-labelledby="sidebar-title">
        <h2 id="sidebar-title" className="sidebar-title">
          Kategori Produk
        </h2>
        <CategoryList {...props} />
      </aside>
      {drawerOpen ? (
        <Dialog
          title="Kategori Produk"
          variant="sheet"
          className="category-drawer"
          closeLabel="Tutup kategori"
          onClose={() => setDrawerOpen(false)}
        >
          <CategoryList {...props} onSelect={select} />
        </Dialog>
      ) : null}
    </>
  );
}
