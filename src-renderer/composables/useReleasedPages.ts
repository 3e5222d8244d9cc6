import { nextTick, onBeforeUnmount, ref, type ComponentPublicInstance } from 'vue';
import type { Router } from 'vue-router';

/**
 * A page left stays in memory, with all its DOM, until the router view draws again: Vuetify's menus and
 * tooltips read their state while they are taken down, inside the router view's own drawing, and Vue
 * counts those reads as the router view's. The view is drawn once more after each navigation, which
 * lets the page just left go. Bind the returned ref to the `<router-view>` (`ref="view"`).
 */
export function useReleasedPages(router: Router) {
  const view = ref<ComponentPublicInstance | null>(null);
  // After the navigation's own drawing (the next tick), not during it.
  const stop = router.afterEach(() => nextTick(() => view.value?.$forceUpdate()));
  onBeforeUnmount(stop);
  return view;
}
