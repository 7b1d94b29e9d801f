import { computed, onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';
import { useNodeStatusStore } from '../../stores/node-status';

/**
 * Chain time as the countdowns show it: the last head block's timestamp plus the monotonic time
 * elapsed since it arrived (`performance.now()`), never the local wall clock. Each new block
 * re-anchors it; `fallbackHead` anchors it when main answered with a head time but no block event
 * has arrived yet.
 */
export function useChainClock(fallbackHead: Ref<number | null>, tickMs = 500) {
  const nodeStatus = useNodeStatusStore();
  const anchor = ref<{ headTime: number; at: number } | null>(null);
  const tick = ref(performance.now());
  let timer: ReturnType<typeof setInterval> | null = null;

  function reanchor(headTime: number | null | undefined): void {
    if (headTime === null || headTime === undefined) return;
    if (anchor.value && anchor.value.headTime >= headTime) return;
    anchor.value = { headTime, at: performance.now() };
  }

  watch(() => nodeStatus.head?.timestamp, reanchor, { immediate: true });
  watch(fallbackHead, reanchor, { immediate: true });
  onMounted(() => {
    timer = setInterval(() => (tick.value = performance.now()), tickMs);
  });
  onBeforeUnmount(() => {
    if (timer) clearInterval(timer);
  });

  /** Estimated chain time now (ms), or null when no head time is known. */
  const chainNow = computed(() =>
    anchor.value ? anchor.value.headTime + Math.max(0, tick.value - anchor.value.at) : null,
  );
  return { chainNow };
}

/** "1 h 02 min", "4 min 05 s", "12 s". */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  return `${seconds} s`;
}
