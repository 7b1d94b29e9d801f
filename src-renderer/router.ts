import { createRouter, createWebHashHistory, type RouteLocationNormalized, type RouteRecordRaw } from 'vue-router';
// Every start with a vault shows this page first: it ships with the start-up code.
import UnlockPage from './pages/UnlockPage.vue';

// One chunk per other page, fetched on first visit.
const AboutPage = () => import('./pages/AboutPage.vue');
const HomePage = () => import('./pages/HomePage.vue');
const NodePage = () => import('./pages/NodePage.vue');
const PermissionsPage = () => import('./pages/permissions/PermissionsPage.vue');
const WelcomePage = () => import('./pages/WelcomePage.vue');
const BlockPage = () => import('./pages/BlockPage.vue');
const BuildPage = () => import('./pages/BuildPage.vue');
const ContractsPage = () => import('./pages/ContractsPage.vue');
const TxPage = () => import('./pages/TxPage.vue');
const InboxPage = () => import('./pages/cosign/InboxPage.vue');
const EnvelopePage = () => import('./pages/cosign/EnvelopePage.vue');
const AddressBookPage = () => import('./pages/cosign/AddressBookPage.vue');
const HistoryPage = () => import('./pages/history/HistoryPage.vue');
const WatchPage = () => import('./pages/watch/WatchPage.vue');
const SecurityPage = () => import('./pages/SecurityPage.vue');
const OfflineSignerPage = () => import('./pages/offline/OfflineSignerPage.vue');
const PayoutsPage = () => import('./pages/payouts/PayoutsPage.vue');

/**
 * `meta.vault` says what a route needs: `unlocked` (Home), `none` (Node, About: usable while locked
 * or before a vault exists), `setup` (first run) or `locked` (the unlock screen).
 */
declare module 'vue-router' {
  interface RouteMeta {
    title?: string;
    vault?: 'unlocked' | 'none' | 'setup' | 'locked';
    /** Usable on an offline signer (no node): the offline page, vault set-up and unlock, Security, About. */
    offline?: boolean;
  }
}

// Hash history: app://wallet/index.html is one static file, and fragment changes never trigger
// a navigation that main's guards would have to judge.
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: HomePage, meta: { title: 'Accounts', vault: 'unlocked' } },
  {
    path: '/welcome',
    name: 'welcome',
    component: WelcomePage,
    meta: { offline: true, title: 'Welcome', vault: 'setup' },
  },
  { path: '/unlock', name: 'unlock', component: UnlockPage, meta: { offline: true, title: 'Unlock', vault: 'locked' } },
  {
    path: '/permissions/:address?',
    name: 'permissions',
    component: PermissionsPage,
    meta: { title: 'Permissions', vault: 'unlocked' },
  },
  { path: '/node', name: 'node', component: NodePage, meta: { title: 'Node', vault: 'none' } },
  { path: '/about', name: 'about', component: AboutPage, meta: { offline: true, title: 'About', vault: 'none' } },
  {
    path: '/offline',
    name: 'offline',
    component: OfflineSignerPage,
    meta: { title: 'Offline signer', vault: 'none', offline: true },
  },
  {
    path: '/security',
    name: 'security',
    component: SecurityPage,
    meta: { offline: true, title: 'Security', vault: 'unlocked' },
  },
  { path: '/build/:kind?', name: 'build', component: BuildPage, meta: { title: 'Build', vault: 'unlocked' } },
  { path: '/tx/:txid', name: 'tx', component: TxPage, meta: { title: 'Transaction', vault: 'unlocked' } },
  { path: '/block/:number(\\d+)', name: 'block', component: BlockPage, meta: { title: 'Block', vault: 'unlocked' } },
  { path: '/contracts', name: 'contracts', component: ContractsPage, meta: { title: 'Contracts', vault: 'unlocked' } },
  { path: '/cosign', name: 'cosign', component: InboxPage, meta: { title: 'Co-signing', vault: 'unlocked' } },
  { path: '/cosign/:id', name: 'envelope', component: EnvelopePage, meta: { title: 'Envelope', vault: 'unlocked' } },
  { path: '/history', name: 'history', component: HistoryPage, meta: { title: 'History', vault: 'unlocked' } },
  { path: '/payouts', name: 'payouts', component: PayoutsPage, meta: { title: 'Payouts', vault: 'unlocked' } },
  { path: '/watch', name: 'watch', component: WatchPage, meta: { title: 'Watchtower', vault: 'unlocked' } },
  // `/activity` links open the History screen.
  { path: '/activity', redirect: '/history' },
  {
    path: '/address-book',
    name: 'address-book',
    component: AddressBookPage,
    meta: { title: 'Address book', vault: 'unlocked' },
  },
  { path: '/:unknown(.*)*', redirect: '/' },
];

/** What the guard needs to know about the vault; null when its status could not be read. */
export interface VaultGate {
  state(): Promise<{ initialized: boolean; locked: boolean } | null>;
  /** Whether this computer is the offline signer; absent: never. */
  offline?(): Promise<boolean>;
}

/** On an offline signer, a screen that needs a node goes to the offline page instead. */
export function offlineRedirect(to: Pick<RouteLocationNormalized, 'meta'>, offline: boolean): string | null {
  return offline && !to.meta.offline ? '/offline' : null;
}

/**
 * Where the unlock screen goes back to: a path of this app only (`/cosign/env_…`), never another
 * origin (`//host`), the unlock screen itself, or anything that is not a single text.
 */
export function safeReturn(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.length > 512 || value === '/' || value.startsWith('/unlock')) return null;
  return value;
}

/** The unlock screen, remembering the page the person was on so that unlocking returns there. */
export function unlockPath(returnTo?: string): string {
  const back = safeReturn(returnTo);
  return back ? `/unlock?return=${encodeURIComponent(back)}` : '/unlock';
}

/** Where a navigation to `to` must go instead, or null to let it through. */
export function redirectFor(
  to: Pick<RouteLocationNormalized, 'meta'> & { fullPath?: string },
  vault: { initialized: boolean; locked: boolean } | null,
): string | null {
  const need = to.meta.vault ?? 'none';
  if (need === 'none') return null;
  // Without a status (main did not answer) the welcome page shows why.
  if (!vault || !vault.initialized) return need === 'setup' ? null : '/welcome';
  if (vault.locked) return need === 'locked' ? null : unlockPath(to.fullPath);
  return need === 'unlocked' ? null : '/';
}

export function createAppRouter(gate?: VaultGate) {
  const router = createRouter({ history: createWebHashHistory(), routes });
  if (gate) {
    const guard = async (to: RouteLocationNormalized) =>
      redirectFor(to, await gate.state()) ?? offlineRedirect(to, (await gate.offline?.()) ?? false) ?? true;
    router.beforeEach(guard);
    // Once a lazy page's code has loaded: a lock that came meanwhile still keeps the page away.
    router.beforeResolve(guard);
  }
  router.afterEach((to) => {
    const title = typeof to.meta.title === 'string' ? to.meta.title : null;
    document.title = title ? `${title} · TRON Multisig Wallet` : 'TRON Multisig Wallet';
  });
  return router;
}
