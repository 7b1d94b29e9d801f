import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo } from '../../src-core/ipc/channels/app';
import { api } from '../api/bridge';

/** `app:info`, loaded once and shared by every page that shows it. */
export const useAppInfoStore = defineStore('appInfo', () => {
  const info = ref<AppInfo | null>(null);
  const error = ref<unknown>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    if (info.value || loading.value) return;
    loading.value = true;
    error.value = null;
    try {
      info.value = await api.app.info();
    } catch (caught) {
      error.value = caught;
    } finally {
      loading.value = false;
    }
  }

  return { info, error, loading, load };
});
