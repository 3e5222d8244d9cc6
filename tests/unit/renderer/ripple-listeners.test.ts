import { mount } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { VBtn } from 'vuetify/components';
import { createDeskVuetify } from '../../../src-renderer/plugins/vuetify';

afterEach(() => {
  vi.restoreAllMocks();
});

it('a button disabled and enabled again all day long keeps its keydown listeners, not one more each time', async () => {
  // The keydown listeners each element holds, as the DOM would count them.
  const held = new Map<EventTarget, Set<unknown>>();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
    if (type === 'keydown') held.set(this, (held.get(this) ?? new Set()).add(listener));
    return add.call(this, type, listener, options);
  });
  vi.spyOn(EventTarget.prototype, 'removeEventListener').mockImplementation(function (this: EventTarget, type, listener, options) {
    if (type === 'keydown') held.get(this)?.delete(listener);
    return remove.call(this, type, listener, options);
  });
  const busy = ref(false);
  const wrapper = mount(
    defineComponent({ setup: () => () => h(VBtn, { disabled: busy.value, 'data-testid': 'call-next' }, () => 'Appeler le suivant') }),
    { global: { plugins: [createDeskVuetify('fr')] } },
  );
  const button = wrapper.get('[data-testid="call-next"]').element;
  const atStart = held.get(button)?.size ?? 0;
  expect(atStart).toBeGreaterThan(0);
  // Forty calls: the button waits during each one.
  for (let call = 0; call < 40; call += 1) {
    busy.value = true;
    await nextTick();
    busy.value = false;
    await nextTick();
  }
  expect(held.get(button)?.size).toBe(atStart);
  wrapper.unmount();
});
