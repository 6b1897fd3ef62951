import { create } from 'zustand';

export interface Toast {
  id: number;
  message: string;
}

interface UiState {
  drawerOpen: boolean;
  mobileMenuOpen: boolean;
  /** One toast at a time (spec section 9). */
  toast: Toast | null;
  setDrawerOpen(open: boolean): void;
  setMobileMenuOpen(open: boolean): void;
  showToast(message: string): void;
  dismissToast(id: number): void;
}

let nextToastId = 1;

export const useUiStore = create<UiState>((set) => ({
  drawerOpen: false,
  mobileMenuOpen: false,
  toast: null,
  setDrawerOpen: (open) => set({ drawerOpen: open }),
  setMobileMenuOpen: (open) => set({ mobileMenuOpen: open }),
  showToast: (message) => set({ toast: { id: nextToastId++, message } }),
  dismissToast: (id) => set((state) => (state.toast?.id === id ? { toast: null } : state)),
}));

export const FAVORITE_TOAST = 'Fitur favorit akan segera hadir!';
