import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFile } from '../../components/admin-icons';
import { productListQuery, type ProductListState } from '../../lib/product-list-params';
import { useCsvDownloads } from '../../queries/useImports';
import { ImportDialog } from './ImportDialog';

/**
 * The file export of what the list shows: its filters (search, category, status, link
 * health), every page, as CSV; the browser downloads it with the session cookie.
 */
function exportQuery(state: ProductListState): string {
  const params = new URLSearchParams(productListQuery(state));
  for (const paging of ['page', 'limit', 'sort']) params.delete(paging);
  return params.toString();
}

/** "Impor CSV" and "Ekspor CSV" for Kelola Produk's header. */
export function ImportExportActions({ state }: { state: ProductListState }) {
  const [importing, setImporting] = useState(false);
  const downloads = useCsvDownloads();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFile size={16} />}
        onClick={() => setImporting(true)}
      >
        Impor CSV
      </Button>
      <Button
        component="a"
        href={downloads.productExport(exportQuery(state))}
        download
        variant="default"
        leftSection={<IconFile size={16} />}
      >
        Ekspor CSV
      </Button>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
