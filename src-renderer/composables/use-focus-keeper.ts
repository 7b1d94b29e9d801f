import { nextTick, onBeforeUnmount, onMounted, watch } from 'vue';
import { useRouter } from 'vue-router';

/** The controls a keyboard can reach, in document order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long a route change waits for the new page's heading (pages that read data first draw it late). */
const HEADING_WAIT_MS = 3000;

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/**
 * Keeps a keyboard or screen-reader user's place (WCAG 2.4.3, focus order):
 * - after a route change, the focus goes to the new page's heading, unless the page already put
 *   it on one of its own controls;
 * - when the focused control leaves the page (Sign becomes Broadcast, Edit becomes Save), the
 *   focus goes to the first control still there in the nearest enclosing part of the page, else to
 *   the heading, rather than falling to `<body>` where the next Tab starts from the top.
 */
export function useFocusKeeper(mainId: string): void {
  const router = useRouter();
  let lastFocused: HTMLElement | null = null;
  let ancestors: HTMLElement[] = [];
  let observer: MutationObserver | null = null;
  /** A route change is waiting for its page's heading: the old page's controls leaving is expected. */
  let routing = false;

  const main = (): HTMLElement | null => document.getElementById(mainId);

  function remember(event: FocusEvent): void {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    lastFocused = target;
    ancestors = [];
    for (let el = target.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
  }

  function restore(): void {
    if (routing) return;
    const area = main();
    if (!area || document.activeElement !== document.body || !lastFocused || lastFocused.isConnected) return;
    const home = ancestors.find((el) => el.isConnected && area.contains(el));
    const next = home?.querySelector<HTMLElement>(FOCUSABLE);
    lastFocused = null;
    if (next) next.focus();
    else focusHeading(area);
  }

  onMounted(() => {
    document.addEventListener('focusin', remember);
    observer = new MutationObserver(() => restore());
    const area = main();
    if (area) observer.observe(area, { childList: true, subtree: true });
  });
  onBeforeUnmount(() => {
    document.removeEventListener('focusin', remember);
    observer?.disconnect();
  });

  watch(
    () => router.currentRoute.value.path,
    async (path, previous) => {
      if (previous === undefined) return;
      // The control that changed the route stays where it was (a nav link) or left with the old
      // page: either way the focus waits for the new page's heading, not the page's first control.
      const from = document.activeElement;
      routing = true;
      try {
        await nextTick();
        const area = main();
        if (!area || area.contains(document.activeElement)) return;
        // A page that reads its data first shows its heading later; the wait ends early if the
        // person moved the focus meanwhile.
        const until = performance.now() + HEADING_WAIT_MS;
        while (performance.now() < until) {
          const now = document.activeElement;
          if (now !== from && now !== document.body) return;
          if (focusHeading(area)) return;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      } finally {
        routing = false;
        lastFocused = null;
      }
    },
  );
}
