import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { PayoutPlanResult, PayoutProgress } from '../../src-core/ipc/channels/payouts';
import type { VaultAccount } from '../../src-core/ipc/channels/vault';
import { api } from '../api/bridge';

/**
 * The Payouts screen: the paying account, the chosen file, and main's plan of it. Main reads and
 * plans (the renderer only sends the file's text); `payouts:progress` events of this screen's own
 * run move the progress bar, and an earlier run's late events are ignored by their run id.
 */
export const usePayoutsStore = defineStore('payouts', () => {
  const accounts = ref<VaultAccount[]>([]);
  const owner = ref('');
  const file = ref<{ csv: string; name: string } | null>(null);
  const result = shallowRef<PayoutPlanResult | null>(null);
  const progress = ref<PayoutProgress | null>(null);
  const running = ref(false);
  const failure = shallowRef<unknown>(null);
  let runs = 0;
  let currentRun: string | null = null;
  let stop: (() => void) | null = null;

  // A plan is for one account: another paying account has other balances and resources.
  watch(owner, () => {
    if (!running.value) result.value = null;
  });

  const issues = computed(() => result.value?.file.issues ?? []);
  const plan = computed(() => result.value?.plan ?? null);

  function follow(): void {
    if (stop) return;
    stop = api.on('payouts:progress', (payload) => {
      if (payload.runId !== null && payload.runId === currentRun) progress.value = payload;
    });
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  async function loadAccounts(): Promise<void> {
    accounts.value = await api.vault.listAccounts();
    if (!accounts.value.some((a) => a.address === owner.value)) owner.value = accounts.value[0]?.address ?? '';
  }

  /** A new file replaces the last one's answer: what is on screen always belongs to the file named. */
  function chooseFile(csv: string, name: string): void {
    file.value = { csv, name };
    result.value = null;
    failure.value = null;
  }

  async function makePlan(): Promise<void> {
    if (!file.value || !owner.value) return;
    runs += 1;
    const runId = `payouts-${runs}`;
    currentRun = runId;
    running.value = true;
    failure.value = null;
    result.value = null;
    progress.value = { runId, phase: 'read', done: 0, total: 1 };
    try {
      const answer = await api.payouts.plan({ owner: owner.value, csv: file.value.csv, runId });
      if (currentRun === runId) result.value = answer;
    } catch (caught) {
      if (currentRun === runId) failure.value = caught;
    } finally {
      if (currentRun === runId) {
        running.value = false;
        progress.value = null;
      }
    }
  }

  return {
    accounts,
    owner,
    file,
    result,
    issues,
    plan,
    progress,
    running,
    failure,
    follow,
    unfollow,
    loadAccounts,
    chooseFile,
    makePlan,
  };
});
