import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { useBoardShortcuts, type ShortcutAction } from '../../../../src-renderer/features/board/composables/useBoardShortcuts';

function mountShortcuts(enabled = true) {
  const actions: ShortcutAction[] = [];
  const wrapper = mount(
    defineComponent({
      setup() {
        useBoardShortcuts((action) => actions.push(action), () => enabled);
        return () => h('input', { 'data-testid': 'field' });
      },
    }),
    { attachTo: document.body },
  );
  return { actions, wrapper };
}

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = window) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

describe('board keyboard shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps the documented keys, either case', () => {
    const { actions, wrapper } = mountShortcuts();
    for (const key of ['n', 'R', 'i', 'd', 'c', 't', 'X', 'Escape', '/', 'a', '?', 'ArrowDown', 'ArrowUp']) press(key);
    expect(actions).toEqual(['callNext', 'recall', 'inCare', 'done', 'close', 'transfer', 'absent', 'mine', 'search', 'newCheckin', 'help', 'down', 'up']);
    wrapper.unmount();
    press('n');
    expect(actions).toHaveLength(13);
  });

  it('Ctrl+Z or ⌘Z undoes the held move, but not inside a field (where it undoes typing) nor with Shift', () => {
    const { actions, wrapper } = mountShortcuts();
    press('z', { ctrlKey: true });
    press('Z', { metaKey: true });
    press('z', { ctrlKey: true }, wrapper.find('[data-testid="field"]').element);
    press('z', { ctrlKey: true, shiftKey: true });
    expect(actions).toEqual(['undo', 'undo']);
  });

  it('leaves typing, modifier shortcuts and open dialogs alone', () => {
    const { actions, wrapper } = mountShortcuts();
    press('n', {}, wrapper.find('[data-testid="field"]').element);
    press('c', { ctrlKey: true });
    const dialog = document.createElement('div');
    dialog.className = 'v-dialog v-overlay--active';
    document.body.append(dialog);
    press('d');
    expect(actions).toEqual([]);
  });

  it('fires nothing while a field has the focus, even for a key whose event reaches the window first (the letter after "/")', () => {
    const { actions, wrapper } = mountShortcuts();
    (wrapper.find('[data-testid="field"]').element as HTMLInputElement).focus();
    for (const key of ['d', 'u', 'p', 'Escape']) press(key);
    expect(actions).toEqual([]);
  });

  it('does nothing while disabled (desk locked)', () => {
    const { actions } = mountShortcuts(false);
    press('n');
    expect(actions).toEqual([]);
  });
});
