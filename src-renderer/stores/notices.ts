import { defineStore } from 'pinia';
import { ref } from 'vue';
import { toErrorView, type ErrorView } from '../errors/error-view';

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly text: string;
  readonly error?: ErrorView;
}

/** App-wide messages shown under the header; errors keep their class and code for display. */
export const useNoticesStore = defineStore('notices', () => {
  const items = ref<Notice[]>([]);
  let nextId = 1;

  function push(kind: NoticeKind, text: string): number {
    const id = nextId++;
    items.value = [...items.value, { id, kind, text }];
    return id;
  }

  function pushError(error: unknown): number {
    const view = toErrorView(error);
    const id = nextId++;
    items.value = [...items.value, { id, kind: 'error', text: view.message, error: view }];
    return id;
  }

  function dismiss(id: number): void {
    items.value = items.value.filter((item) => item.id !== id);
  }

  return { items, push, pushError, dismiss };
});
