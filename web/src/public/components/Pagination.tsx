import { paginationWindow } from '@shared/rules/pagination';
import { ChevronLeftIcon, ChevronRightIcon } from './site-icons';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  loading: boolean;
  onPageChange(page: number): void;
}

/** At most 5 page buttons around the current page (shared rule), with Previous and Next. */
export function Pagination({ currentPage, totalPages, loading, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = paginationWindow(currentPage, totalPages);
  return (
    <nav className="pagination" aria-label="Halaman produk">
      <button
        type="button"
        className="page-button page-step"
        disabled={currentPage <= 1 || loading}
        onClick={() => onPageChange(currentPage - 1)}
      >
        <ChevronLeftIcon />
        <span>Sebelumnya</span>
      </button>
      <ul className="page-list">
        {pages.map((page) => (
          <li key={page}>
            <button
              type="button"
              className={`page-button${page === currentPage ? ' current' : ''}`}
              aria-current={page === currentPage ? 'page' : undefined}
              aria-label={`Halaman ${page}`}
              disabled={loading && page !== currentPage}
              onClick={() => page !== currentPage && onPageChange(page)}
            >
              {page}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="page-button page-step"
        disabled={currentPage >= totalPages || loading}
        onClick={() => onPageChange(currentPage + 1)}
      >
        <span>Berikutnya</span>
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
