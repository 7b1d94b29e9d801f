import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { NodeBlock, NodeStatus } from '../../src-core/ipc/channels/node';
import { api } from '../api/bridge';

/** Follows `node:status` and `node:block` events; `load()` asks main for the state so far. */
export const useNodeStatusStore = defineStore('nodeStatus', () => {
  const status = ref<NodeStatus | null>(null);
  const head = ref<NodeBlock | null>(null);
  let stop: (() => void) | null = null;

  function follow(): void {
    if (stop) return;
    const offStatus = api.on('node:status', (payload) => {
      status.value = payload;
      if (payload.state !== 'running') head.value = null;
    });
    const offBlock = api.on('node:block', (payload) => {
      head.value = payload;
    });
    stop = () => {
      offStatus();
      offBlock();
    };
  }

  /** The status and head block main already has (events only report changes). */
  async function load(): Promise<void> {
    const overview = await api.node.overview();
    // An event that arrived meanwhile is newer than this answer.
    status.value ??= overview.status;
    head.value ??= overview.head;
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return { status, head, follow, load, unfollow };
});
