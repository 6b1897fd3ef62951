import { create } from 'zustand';

interface AuthUiState {
  /** Set by Logout so the protected page being left does not ask to come back to it. */
  signedOut: boolean;
  setSignedOut(value: boolean): void;
}

export const useAuthUi = create<AuthUiState>((set) => ({
  signedOut: false,
  setSignedOut: (signedOut) => set({ signedOut }),
}));
