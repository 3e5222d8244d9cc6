/* eslint-disable vue/one-component-per-file -- the pages of a small router, side by side */
import { mount } from '@vue/test-utils';
import { expect, it } from 'vitest';
import { computed, defineComponent, h, nextTick, onScopeDispose, ref, type ComputedRef } from 'vue';
import { createMemoryHistory, createRouter, RouterView, type Router } from 'vue-router';
import { useReleasedPages } from '../../../src-renderer/composables/useReleasedPages';

/** State that outlives every page (a store's, the theme, the language). */
const shared = ref(0);
/** Something of the page left, read while it is taken down as Vuetify's menus and tooltips do. */
let leftState: ComputedRef<number> | null = null;

const PageWithMenus = defineComponent({
  setup() {
    const state = computed(() => shared.value + 1);
    leftState = state;
    onScopeDispose(() => void state.value);
    return () => h('p', 'Statistiques');
  },
});
const OtherPage = defineComponent({ setup: () => () => h('p', 'Tableau') });

/** Whether anything still subscribes to the page left, which keeps it (its components, its DOM) in memory. */
async function leftPageHeld(shell: (router: Router) => ReturnType<typeof defineComponent>): Promise<boolean> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/statistics', component: PageWithMenus },
      { path: '/board', component: OtherPage },
    ],
  });
  await router.push('/statistics');
  const wrapper = mount(shell(router), { global: { plugins: [router] } });
  await router.isReady();
  await nextTick();
  await router.push('/board');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await nextTick();
  const held = (leftState as unknown as { dep: { subs?: unknown } }).dep.subs !== undefined;
  wrapper.unmount();
  return held;
}

it('a page left is let go once the next page is drawn, though its menus read their state as they were taken down', async () => {
  const released = (router: Router) =>
    defineComponent({
      setup() {
        const view = useReleasedPages(router);
        return () => h(RouterView, { ref: view });
      },
    });
  expect(await leftPageHeld(released)).toBe(false);
  // What the fix is for: the plain router view holds it until the next navigation.
  expect(await leftPageHeld(() => defineComponent({ setup: () => () => h(RouterView) }))).toBe(true);
});
