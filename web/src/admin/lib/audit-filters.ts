import type { AuditFilters } from '../queries/keys';

export const AUDIT_PAGE_SIZE = 20;

/** What the log calls each kind of record, as the screen names it. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  product: 'Produk',
  category: 'Kategori',
  platform_link: 'Tautan platform',
  product_image: 'Gambar produk',
  content: 'Konten',
  faq: 'FAQ',
  meta_tag: 'Meta tag',
  popup: 'Popup',
  user: 'Pengguna',
  session: 'Sesi',
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Dibuat',
  update: 'Diubah',
  delete: 'Dihapus',
  login: 'Masuk',
  login_failed: 'Gagal masuk',
  logout: 'Keluar',
  session_revoke: 'Sesi diakhiri',
  session_revoke_others: 'Sesi lain diakhiri',
  import: 'Impor',
  bulk: 'Aksi massal',
};

export const entityTypeLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined;

/** The filters the address carries (`?page=2&username=...&entity=...&entityId=...`). */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    limit: AUDIT_PAGE_SIZE,
    username: text(params, 'username'),
    entity: text(params, 'entity'),
    entityId: text(params, 'entityId'),
  };
}

/**
 * The address of `next` filters: empty ones and page 1 are left out, and a change of any
 * filter goes back to page 1.
 */
export function auditSearchFor(
  current: AuditFilters,
  change: Partial<Omit<AuditFilters, 'limit'>>,
): URLSearchParams {
  const filterChanged = (['username', 'entity', 'entityId'] as const).some(
    (key) => key in change && change[key] !== current[key],
  );
  const next = { ...current, ...change, page: filterChanged ? 1 : (change.page ?? current.page) };
  const params = new URLSearchParams();
  for (const key of ['username', 'entity', 'entityId'] as const) {
    const value = next[key]?.trim();
    if (value) params.set(key, value);
  }
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}
