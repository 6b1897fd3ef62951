import { create } from 'zustand';

interface ProductFiltersState {
  search: string;
  /** A category id, or 'all' (the default of spec section 2). */
  categoryId: string;
  setSearch(search: string): void;
  setCategoryId(categoryId: string): void;
  reset(): void;
}

/** Filters of 'Kelola Produk', kept while the admin visits other screens. */
export const useProductFilters = create<ProductFiltersState>((set) => ({
  search: '',
  categoryId: 'all',
  setSearch: (search) => set({ search }),
  setCategoryId: (categoryId) => set({ categoryId }),
  reset: () => set({ search: '', categoryId: 'all' }),
}));
