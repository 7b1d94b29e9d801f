import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { NetworkChoiceInput, NetworkInfo } from '../../src-core/ipc/channels/network';
import type {
  EmbeddedNodeSettings,
  NodeBlock,
  NodeLogLine,
  NodeOverview,
  Representative,
} from '../../src-core/ipc/channels/node';
import { api } from '../api/bridge';

/**
 * What the Node screen shows beyond the live status: settings, URL, recent blocks, representatives,
 * the log tail and the network choice. Loaded on demand; the screen refreshes the lists as blocks
 * arrive.
 */
export const useNodePanelStore = defineStore('nodePanel', () => {
  const overview = ref<NodeOverview | null>(null);
  const network = ref<NetworkInfo | null>(null);
  const blocks = ref<NodeBlock[]>([]);
  const representatives = ref<Representative[]>([]);
  const log = ref<NodeLogLine[]>([]);

  async function loadOverview(): Promise<void> {
    const [nextOverview, nextNetwork] = await Promise.all([api.node.overview(), api.network.current()]);
    overview.value = nextOverview;
    network.value = nextNetwork;
  }

  async function loadBlocks(count = 10): Promise<void> {
    blocks.value = await api.node.recentBlocks({ count });
  }

  async function loadRepresentatives(): Promise<void> {
    representatives.value = await api.node.representatives();
  }

  async function loadLog(limit = 200): Promise<void> {
    log.value = await api.node.log({ limit });
  }

  /** Clears what belonged to the previous node (after a stop or a network switch). */
  function clearChain(): void {
    blocks.value = [];
    representatives.value = [];
  }

  async function start(): Promise<void> {
    await api.node.start();
    await loadOverview();
  }

  async function stop(): Promise<void> {
    await api.node.stop();
    clearChain();
    await loadOverview();
  }

  async function restart(): Promise<void> {
    await api.node.restart();
    clearChain();
    await loadOverview();
  }

  async function saveSettings(settings: EmbeddedNodeSettings): Promise<void> {
    overview.value = await api.node.saveSettings(settings);
    network.value = await api.network.current();
  }

  async function reset(): Promise<void> {
    await api.node.reset();
    clearChain();
    await loadOverview();
  }

  async function selectNetwork(choice: NetworkChoiceInput): Promise<void> {
    network.value = await api.network.select(choice);
    clearChain();
    overview.value = await api.node.overview();
  }

  async function copyUrl(): Promise<string> {
    return (await api.node.copyUrl()).url;
  }

  return {
    overview,
    network,
    blocks,
    representatives,
    log,
    loadOverview,
    loadBlocks,
    loadRepresentatives,
    loadLog,
    clearChain,
    start,
    stop,
    restart,
    saveSettings,
    reset,
    selectNetwork,
    copyUrl,
  };
});
