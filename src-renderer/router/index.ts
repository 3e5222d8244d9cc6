import type { Pinia } from 'pinia';
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { useBoardStore } from '../features/board/stores/board';
import { useSessionStore } from '../features/staff/stores/session';
import { useAppStore } from '../stores/app';
import { boardView, sections, signInView } from './sections';


/**
 * What the first navigation asks main (the desk, its connection, the session), asked as the page
 * starts: the answers come while the shell is drawn instead of after it. The guard then reads the
 * same answers (one request each); a failure is tried again by the guard.
 */
export function askWhereToStart(pinia: Pinia): void {
  useAppStore(pinia)
    .ensureLoaded()
    .catch(() => undefined);
  useSessionStore(pinia)
    .restore()
    .catch(() => undefined);
}

export function createDeskRouter(pinia: Pinia) {
  const routes: RouteRecordRaw[] = [
    { path: '/', redirect: '/board' },
    { path: '/sign-in', name: 'sign-in', component: signInView },
    // A configured desk that cannot connect: this page and nothing else, never the training world.
    { path: '/connect', name: 'connect', component: () => import('../features/connect/views/ConnectView.vue'), meta: { bare: true } },
    // The waiting room's public display: no staff session, no navigation around it.
    { path: '/display', name: 'display', component: () => import('../features/display/views/DisplayView.vue'), meta: { bare: true } },
    ...sections.map((section) => ({
      path: section.path,
      name: section.name,
      component: section.view,
      meta: { staffOnly: section.staffOnly },
    })),
    { path: '/:pathMatch(.*)*', redirect: '/board' },
  ];
  const router = createRouter({ history: createWebHashHistory(), routes });
  // A navigation overtaken while its guard waited for main (a click on the menu while the desk starts)
  // must not redirect: vue-router would follow that redirect and undo the newer, chosen page.
  let latest = 0;
  router.beforeEach(async (to) => {
    const navigation = ++latest;
    const overtaken = () => navigation !== latest;
    const app = useAppStore(pinia);
    const session = useSessionStore(pinia);
    // Asked side by side: the first screen waits for one round trip to main, not two.
    const restoring = session.restore().catch(() => {
      // Main unreachable: the sign-in screen says so when it tries.
    });
    try {
      await app.ensureLoaded();
    } catch {
      // Main unreachable: the pages say so when they try.
    }
    // Let through, the router cancels it itself: the newer navigation is the pending one.
    if (overtaken()) return true;
    const unconnected = app.info?.unconnected ?? null;
    // The public display keeps its own screen: it says the calls are unavailable, in the waiting room's words.
    if (unconnected && to.name !== 'connect' && to.name !== 'display') return { name: 'connect' };
    if (!unconnected && to.name === 'connect') return { name: 'board' };
    await restoring;
    if (overtaken()) return true;
    if (to.meta.staffOnly && !session.signedIn) return { name: 'sign-in', query: { next: to.fullPath } };
    if (to.name === 'sign-in' && session.signedIn) return { name: 'board' };
    // A locked desk's lock screen is on the board: the other staff pages behind it would only answer BOARD_LOCKED.
    if (to.meta.staffOnly && to.name !== 'board' && session.signedIn && useBoardStore(pinia).locked) return { name: 'board' };
    return true;
  });
  // The sign-in and board code is on its way while the guard asks main (no chunk fetched after it answers).
  if (!window.location.hash.startsWith('#/display') && !window.location.hash.startsWith('#/connect')) {
    void signInView().catch(() => undefined);
    void boardView().catch(() => undefined);
  }
  return router;
}
