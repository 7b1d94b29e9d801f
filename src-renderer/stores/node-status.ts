import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { NodeBlock, NodeStatus } from '../../src-core/ipc/channels/node';
import { api } from '../api/bridge';

/** Follows `node:status` and `node:block` events; nothing is known until main reports. */
export const useNodeStatusStore = defineStore('nodeStatus', () => {
  const status = ref<NodeStatus | null>(null);
  const head = ref<NodeBlock | null>(null);
  let stop: (() => void) | null = null;

  function follow(): void {
    if (stop) return;
    const offStatus = api.on('node:status', (payload) => {
      status.value = payload;
    });
    const offBlock = api.on('node:block', (payload) => {
      head.value = payload;
    });
    stop = () => {
      offStatus();
      offBlock();
    };
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return { status, head, follow, unfollow };
});
