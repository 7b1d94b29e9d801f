import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import AboutPage from './pages/AboutPage.vue';
import HomePage from './pages/HomePage.vue';

// Hash history: app://wallet/index.html is one static file, and fragment changes never trigger
// a navigation that main's guards would have to judge.
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: HomePage, meta: { title: 'Home' } },
  { path: '/about', name: 'about', component: AboutPage, meta: { title: 'About' } },
  { path: '/:unknown(.*)*', redirect: '/' },
];

export function createAppRouter() {
  const router = createRouter({ history: createWebHashHistory(), routes });
  router.afterEach((to) => {
    const title = typeof to.meta.title === 'string' ? to.meta.title : null;
    document.title = title ? `${title} · TRON Multisig Wallet` : 'TRON Multisig Wallet';
  });
  return router;
}
