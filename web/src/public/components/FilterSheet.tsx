import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

/**
 * The filters on a phone: a bottom sheet, with the dialog's behaviour (labelled, focus moved in
 * and trapped, Escape and the overlay close it, focus returns to the Filter button).
 */
export function FilterSheet({
  onClose,
  footer,
  children,
}: {
  onClose(): void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="filter-sheet-root">
      <Dialog title="Filter produk" onClose={onClose} className="filter-sheet" footer={footer}>
        {children}
      </Dialog>
    </div>
  );
}
