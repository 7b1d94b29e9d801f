import { shallowRef } from 'vue';
import type { CopyRequestInput } from '../../src-core/ipc/channels/app';
import { api } from '../api/bridge';
import { useNoticesStore } from '../stores/notices';

/** How long a copy button says "Copied" before it reads "Copy" again. */
export const COPIED_FOR_MS = 2000;

/**
 * A copy button's action: main puts the checked value on the clipboard (the window has no
 * clipboard access), the button says "Copied" for a moment, and a refusal becomes a notice.
 */
export function useCopy() {
  const copied = shallowRef(false);
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function copy(request: CopyRequestInput): Promise<void> {
    try {
      await api.app.copy(request);
      copied.value = true;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => (copied.value = false), COPIED_FOR_MS);
    } catch (error) {
      useNoticesStore().pushError(error);
    }
  }

  return { copied, copy };
}
