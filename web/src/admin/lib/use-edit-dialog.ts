import { useState } from 'react';

/** Open/closed state of an add/edit dialog and the item it edits (null: a new one). */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ opened: boolean; item: T | null }>({
    opened: false,
    item: null,
  });
  return {
    opened: state.opened,
    item: state.item,
    openNew: () => setState({ opened: true, item: null }),
    openEdit: (item: T) => setState({ opened: true, item }),
    close: () => setState({ opened: false, item: null }),
  };
}
