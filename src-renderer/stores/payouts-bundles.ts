import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  PayoutBundleView,
  PayoutHandoff,
  PayoutRunView,
  PayoutSigningProgress,
} from '../../src-core/ipc/channels/payouts';
import type { Trc20Token } from '../../src-core/ipc/channels/tokens';
import { api } from '../api/bridge';

/** Row statuses after which the chain has nothing more to say: the run view stops asking. */
const SETTLED = new Set(['confirmed', 'failed', 'expired', 'unsigned']);
/**
 * The least time between two questions about a moving run. Blocks of a fast dev chain come every
 * few hundred ms, and each answer carries every row: asking on each block would keep main busy
 * serialising runs of hundreds of rows while it sends and follows them.
 */
export const RUN_REFRESH_MS = 1_000;
/** Rows the chain will never pay as they are, so a person may choose to pay them again. */
export const REPROPOSABLE = new Set(['failed', 'expired', 'unsigned']);

export type BundleAction = 'propose' | 'import' | 'sign' | 'start' | 'repropose' | 'report';

/**
 * The Payouts screen after the plan: one bundle proposed (or imported on a co-signer's desk),
 * co-signed with one confirmation in main's window, its run started and followed row by row, the
 * rows a person chose paid again as a new bundle, and the report. Main holds every bundle and
 * key; this store holds ids, the hand-off text and what main answered. A run still moving is asked
 * again on each new block (`node:block`), since its rows change only when blocks arrive.
 */
export const usePayoutBundlesStore = defineStore('payouts-bundles', () => {
  const handoff = shallowRef<PayoutHandoff | null>(null);
  const imported = shallowRef<PayoutBundleView | null>(null);
  const runs = shallowRef<readonly PayoutRunView[]>([]);
  const run = shallowRef<PayoutRunView | null>(null);
  const chosen = ref<number[]>([]);
  const tokens = shallowRef<readonly Trc20Token[]>([]);
  const busy = ref<BundleAction | null>(null);
  const failure = shallowRef<unknown>(null);
  const reportPath = ref<string | null>(null);
  const reportText = shallowRef<{ csv: string; fileName: string } | null>(null);
  /** A Ledger's rows signed so far while it signs this bundle row by row (a vault key sends none). */
  const signing = shallowRef<PayoutSigningProgress | null>(null);
  let stop: (() => void) | null = null;
  let asking = false;
  let askedAt = Number.NEGATIVE_INFINITY;
  /** The bundle whose broadcast main is running, until its run is on screen. */
  let starting: string | null = null;

  const moving = computed(() => run.value?.rows.some((r) => !SETTLED.has(r.status)) ?? false);
  const reproposable = computed(() => run.value?.rows.filter((r) => REPROPOSABLE.has(r.status)) ?? []);

  async function act<T>(action: BundleAction, work: () => Promise<T>): Promise<T | null> {
    busy.value = action;
    failure.value = null;
    try {
      return await work();
    } catch (caught) {
      failure.value = caught;
      return null;
    } finally {
      busy.value = null;
    }
  }

  function follow(): void {
    if (stop) return;
    stop = api.on('node:block', () => {
      if (starting && run.value?.id !== starting) void showStarted(starting);
      else if (run.value && moving.value) void refreshRun();
    });
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  /** Token names and decimals for the bundle view, whose rows name a TRC-20 only by its contract. */
  async function loadTokens(): Promise<void> {
    tokens.value = await api.tokens.list();
  }

  async function loadRuns(): Promise<void> {
    runs.value = await api.payouts.runs();
    if (!run.value && runs.value.length > 0) showRun(runs.value.at(-1)!);
  }

  function showRun(view: PayoutRunView): void {
    if (view.id !== run.value?.id) {
      chosen.value = [];
      reportPath.value = null;
      reportText.value = null;
    }
    run.value = view;
  }

  /** One question at a time: blocks arrive faster than a 500-row run is read on a slow disk. */
  async function refreshRun(): Promise<void> {
    const id = run.value?.id;
    if (!id || asking || Date.now() - askedAt < RUN_REFRESH_MS) return;
    asking = true;
    askedAt = Date.now();
    try {
      const next = await api.payouts.run({ id });
      if (run.value?.id === id) run.value = next;
    } catch (caught) {
      failure.value = caught;
    } finally {
      asking = false;
    }
  }

  async function propose(input: { owner: string; csv: string; accountId: string }): Promise<void> {
    const answer = await act('propose', () => api.payouts.propose(input));
    if (answer) handoff.value = answer;
  }

  async function importText(text: string): Promise<void> {
    const answer = await act('import', () => api.payouts.importBundle({ text }));
    if (answer) {
      imported.value = answer;
      handoff.value = null;
    }
  }

  /** Signs the bundle on screen: the hand-off of this desk's proposal, or the imported one. */
  async function sign(accountId: string): Promise<void> {
    const id = handoff.value?.id ?? imported.value?.id;
    if (!id) return;
    const off = api.on('payouts:signing', (progress) => {
      if (progress.id === id) signing.value = progress;
    });
    try {
      const answer = await act('sign', () => api.payouts.signBundle({ id, accountId }));
      if (answer) handoff.value = answer;
    } finally {
      off();
      signing.value = null;
    }
  }

  /**
   * Starts the broadcast. Main answers when every row has been offered, so meanwhile the run is
   * looked for in `payouts:runs` on each block and shown as soon as main has recorded it.
   */
  async function start(): Promise<void> {
    const id = handoff.value?.id ?? imported.value?.id;
    if (!id) return;
    starting = id;
    const answer = await act('start', () => api.payouts.startRun({ id }));
    starting = null;
    if (answer) {
      showRun(answer);
      runs.value = [...runs.value.filter((r) => r.id !== answer.id), answer];
    }
  }

  async function showStarted(id: string): Promise<void> {
    if (asking) return;
    asking = true;
    try {
      const found = (await api.payouts.runs()).find((r) => r.id === id);
      if (found && starting === id) showRun(found);
    } catch {
      // The answer to startRun itself reports any failure; a missed look now is retried on the next block.
    } finally {
      asking = false;
    }
  }

  function toggle(row: number, on: boolean): void {
    chosen.value = on
      ? [...new Set([...chosen.value, row])].sort((a, b) => a - b)
      : chosen.value.filter((r) => r !== row);
  }

  async function repropose(): Promise<void> {
    const id = run.value?.id;
    const rows = [...chosen.value];
    if (!id || rows.length === 0) return;
    const answer = await act('repropose', () => api.payouts.repropose({ id, rows }));
    if (answer) {
      handoff.value = answer;
      imported.value = null;
      chosen.value = [];
    }
  }

  /** Main's save dialog where there is one; otherwise the report's text for the person to copy. */
  async function saveReport(dialog: boolean): Promise<void> {
    const id = run.value?.id;
    if (!id) return;
    reportPath.value = null;
    reportText.value = null;
    if (dialog) {
      const saved = await act('report', () => api.payouts.saveReport({ id }));
      if (saved) reportPath.value = saved.path;
      return;
    }
    reportText.value = await act('report', () => api.payouts.report({ id }));
  }

  return {
    handoff,
    imported,
    runs,
    run,
    chosen,
    tokens,
    busy,
    failure,
    reportPath,
    reportText,
    signing,
    moving,
    reproposable,
    follow,
    unfollow,
    loadTokens,
    loadRuns,
    showRun,
    refreshRun,
    propose,
    importText,
    sign,
    start,
    toggle,
    repropose,
    saveReport,
  };
});
