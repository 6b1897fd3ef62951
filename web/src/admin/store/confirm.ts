import { create } from 'zustand';

export interface ConfirmRequest {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

interface ConfirmState {
  request: ConfirmRequest | null;
  resolve: ((confirmed: boolean) => void) | null;
  ask(request: ConfirmRequest): Promise<boolean>;
  answer(confirmed: boolean): void;
}

/** The one delete-confirmation dialog of the admin screens (UI state only). */
export const useConfirmStore = create<ConfirmState>((set, get) => ({
  request: null,
  resolve: null,
  ask(request) {
    // A second question while one is open answers the first with "no".
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ request, resolve }));
  },
  answer(confirmed) {
    get().resolve?.(confirmed);
    set({ request: null, resolve: null });
  },
}));

/** Asks the spec's confirmation question (its own words); the buttons are the same everywhere. */
export function confirmDelete(message: string): Promise<boolean> {
  return useConfirmStore.getState().ask({
    message,
    confirmLabel: 'Hapus',
    cancelLabel: 'Batal',
  });
}

/** A yes/no question of an Indonesian screen with its own verb ('Akhiri', 'Nonaktifkan'). */
export function confirmAction(message: string, confirmLabel: string): Promise<boolean> {
  return useConfirmStore.getState().ask({ message, confirmLabel, cancelLabel: 'Batal' });
}
