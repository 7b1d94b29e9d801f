import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter, unlockPath } from './router';
import { useNoticesStore } from './stores/notices';
import { useVaultStore } from './stores/vault';
import { useOfflineStore } from './stores/offline';
import './styles/base.css';

const app = createApp(App);
const pinia = createPinia();
const vault = useVaultStore(pinia);
const offline = useOfflineStore(pinia);
const router = createAppRouter({
  async state() {
    await vault.ensureLoaded();
    return vault.status;
  },
  offline: () => offline.ensureLoaded(),
});
app.use(pinia).use(router);

// Anything thrown and not handled by a page still reaches the person, with its class and code.
const notices = useNoticesStore(pinia);
app.config.errorHandler = (error) => notices.pushError(error);
window.addEventListener('unhandledrejection', (event) => notices.pushError(event.reason));

// A lock in main (idle timer, another window, shutdown) takes this window to the unlock screen.
try {
  vault.follow();
} catch (error) {
  notices.pushError(error);
}
vault.onLocked((event) => {
  const current = router.currentRoute.value;
  if (current.meta.vault === 'unlocked') void router.push(unlockPath(current.fullPath));
  if (event.reason === 'idle') notices.push('info', 'The vault locked itself after a period without activity.');
});
// Activity keeps the vault unlocked; main throttles nothing, so the store sends at most one touch per 30 s.
for (const type of ['pointerdown', 'keydown'] as const)
  window.addEventListener(type, () => vault.touch(), { passive: true });

app.mount('#app');
