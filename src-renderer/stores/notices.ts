import { defineStore } from 'pinia';
import { ref } from 'vue';
import { toErrorView, type ErrorView } from '../errors/error-view';

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly text: string;
  readonly error?: ErrorView;
  /** When it was raised (ms): a notice belongs to the page it was raised on. */
  readonly at: number;
}

/** A notice raised this shortly before a navigation came from the action that navigated: it stays. */
export const NOTICE_CARRIES_OVER_MS = 2_000;

/**
 * App-wide messages shown under the header; errors keep their class and code for display. They
 * clear when the person moves to another page, except those the move's own action raised.
 */
export const useNoticesStore = defineStore('notices', () => {
  const items = ref<Notice[]>([]);
  let nextId = 1;

  function push(kind: NoticeKind, text: string, now = Date.now()): number {
    const id = nextId++;
    items.value = [...items.value, { id, kind, text, at: now }];
    return id;
  }

  function pushError(error: unknown, now = Date.now()): number {
    const view = toErrorView(error);
    const id = nextId++;
    items.value = [...items.value, { id, kind: 'error', text: view.message, error: view, at: now }];
    return id;
  }

  /** Another page shows: notices of the page left behind go. */
  function leavePage(now = Date.now()): void {
    items.value = items.value.filter((item) => now - item.at <= NOTICE_CARRIES_OVER_MS);
  }

  function dismiss(id: number): void {
    items.value = items.value.filter((item) => item.id !== id);
  }

  return { items, push, pushError, dismiss, leavePage };
});
