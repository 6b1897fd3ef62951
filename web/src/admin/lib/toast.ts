import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@shared/constants';
import { isApiError } from '@shared/api-client';
import { confirmAction, confirmDelete } from '../store/confirm';

export interface ToastInput {
  title?: string;
  message: string;
}

// Spec section 9: one toast at a time, shown for 5000 ms. A new toast replaces the current one
// instead of queueing behind it.
function show(input: ToastInput, tone: 'success' | 'error') {
  notifications.clean();
  notifications.show({
    title: input.title,
    message: input.message,
    color: tone === 'success' ? 'teal' : 'red',
    autoClose: TIMINGS.toastDuration,
    withBorder: true,
    // Errors interrupt assistive technology; successes wait their turn.
    role: tone === 'error' ? 'alert' : 'status',
    'data-tone': tone,
  } as Parameters<typeof notifications.show>[0]);
}

export const toast = {
  success(message: string, title = 'Success!') {
    show({ title, message }, 'success');
  },
  error(message: string, title = 'Error') {
    show({ title, message }, 'error');
  },
};

/** The server's own message when it sent one (spec section 8), else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage(fallback);
  return fallback;
}

/** The toast titles of a screen: the spec gives the content managers' ('Success!', 'Error'). */
export type ScreenLang = 'en' | 'id';

const TITLES: Record<ScreenLang, { success: string; error: string }> = {
  en: { success: 'Success!', error: 'Error' },
  id: { success: 'Berhasil', error: 'Gagal' },
};

export interface ToastedAction {
  run(): Promise<unknown>;
  success: string;
  failure(error: unknown): string;
  onSuccess?(): void;
  /** Runs before the error toast, e.g. to put server field errors on the form. */
  onError?(error: unknown): void;
  /** Toast titles of the screen; the spec's English ones by default. */
  lang?: ScreenLang;
  /** A question asked first; answering no runs nothing and shows no toast. */
  confirm?: string;
  /** The question's yes button: 'Hapus' unless the action is not a delete. */
  confirmLabel?: string;
}

/** Awaits a mutation and reports it with exactly one toast; never rethrows. */
export async function runWithToast({
  run,
  success,
  failure,
  onSuccess,
  onError,
  lang = 'en',
  confirm,
  confirmLabel,
}: ToastedAction): Promise<void> {
  if (confirm !== undefined) {
    const yes = confirmLabel ? confirmAction(confirm, confirmLabel) : confirmDelete(confirm);
    if (!(await yes)) return;
  }
  try {
    await run();
    toast.success(success, TITLES[lang].success);
    onSuccess?.();
  } catch (error) {
    onError?.(error);
    toast.error(failure(error), TITLES[lang].error);
  }
}
