import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { createVuetify } from 'vuetify';
import { VBtn, VProgressLinear } from 'vuetify/components';
import { nameProgressbars, type ProgressbarNames } from '../../../src-renderer/a11y/progressbar-names';

let names: ProgressbarNames | null = null;
afterEach(() => {
  names?.stop();
  names = null;
  document.body.innerHTML = '';
});

describe('spinners Vuetify draws without a name', () => {
  it("a button's loading spinner is named in the interface's language, and renamed when the language changes", async () => {
    let language = 'Chargement…';
    names = nameProgressbars(document.body, () => language);
    const Busy = defineComponent({ props: { busy: Boolean }, setup: (props) => () => h(VBtn, { loading: props.busy }, () => 'Actualiser') });
    const wrapper = mount(Busy, { props: { busy: false }, attachTo: document.body, global: { plugins: [createVuetify()] } });
    await wrapper.setProps({ busy: true });
    await nextTick();
    const spinner = () => document.querySelector('.v-btn [role="progressbar"]');
    await expect.poll(() => spinner()?.getAttribute('aria-label')).toBe('Chargement…');
    language = 'Loading…';
    names.rename();
    expect(spinner()?.getAttribute('aria-label')).toBe('Loading…');
    wrapper.unmount();
  });

  it('a progress bar the app names itself keeps its name', async () => {
    names = nameProgressbars(document.body, () => 'Chargement…');
    const wrapper = mount(() => h(VProgressLinear, { indeterminate: true, 'aria-label': 'Chargement des statistiques' }), { attachTo: document.body, global: { plugins: [createVuetify()] } });
    await nextTick();
    names.rename();
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Chargement des statistiques');
    wrapper.unmount();
  });
});

/** Every component of the renderer, as written. */
const components = import.meta.glob<string>('../../../src-renderer/**/*.vue', { query: '?raw', import: 'default', eager: true });

describe('dialogs', () => {
  it('every dialog of the app has a name a screen reader announces (aria-label or aria-labelledby on the v-dialog)', () => {
    const dialogs = Object.entries(components).flatMap(([file, source]) => [...source.matchAll(/<v-dialog\b[^>]*>/g)].map((match) => ({ file: file.replace(/^.*src-renderer\//, ''), tag: match[0] })));
    expect(dialogs.length).toBeGreaterThan(10);
    expect(dialogs.filter(({ tag }) => !/\s:?aria-label(ledby)?=/.test(tag)).map(({ file }) => file)).toEqual([]);
  });
});
