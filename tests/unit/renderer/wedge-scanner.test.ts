import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { WedgeBurst } from '../../../src-renderer/features/checkin/composables/wedge-burst';
import { useWedgeScanner } from '../../../src-renderer/features/checkin/composables/useWedgeScanner';

function feedAll(burst: WedgeBurst, keys: string[], start: number, gap: number) {
  return keys.map((key, index) => burst.feed(key, start + index * gap));
}

describe('keyboard-wedge burst detection', () => {
  it('a fast burst ending in Enter is a scanned code, Shift included for capitals', () => {
    const burst = new WedgeBurst();
    const steps = feedAll(burst, ['Shift', 'C', 'V', '-', 'S', 'C', 'A', 'N', '-', '0', '0', '1', 'Enter'], 1_000, 8);
    expect(steps.at(-1)).toEqual({ kind: 'code', code: 'CV-SCAN-001', from: 0 });
  });

  it('a person typing then pressing Enter is not a scan', () => {
    const burst = new WedgeBurst();
    expect(feedAll(burst, [...'martin', 'Enter'], 1_000, 140).at(-1)).toEqual({ kind: 'enter' });
  });

  it('too short, or broken by a slow key, is not a scan', () => {
    const burst = new WedgeBurst();
    expect(feedAll(burst, [...'abc', 'Enter'], 0, 5).at(-1)).toEqual({ kind: 'enter' });
    const steps = [...feedAll(burst, [...'abcdef'], 1_000, 5), burst.feed('g', 2_000), burst.feed('Enter', 2_005)];
    expect(steps.at(-1)).toEqual({ kind: 'enter' });
  });

  it('a scanner held back once by a busy computer still gives its whole code', () => {
    const burst = new WedgeBurst();
    // Five keys, a 300 ms stall (what a loaded desk does to one key), the rest and Enter.
    feedAll(burst, [...'CV-HU'], 1_000, 6);
    const steps = feedAll(burst, [...'GO-07', 'Enter'], 1_324, 6);
    expect(steps.at(-1)).toEqual({ kind: 'code', code: 'CV-HUGO-07', from: 0 });
  });

  it("letters a person typed just before a scan stay theirs: the code starts where the scanner's pace does", () => {
    const burst = new WedgeBurst();
    feedAll(burst, [...'ont'], 1_000, 150);
    const steps = feedAll(burst, [...'CV-0042', 'Enter'], 1_500, 6);
    expect(steps.at(-1)).toEqual({ kind: 'code', code: 'CV-0042', from: 3 });
  });
});

describe('wedge scanner on the page', () => {
  const Host = defineComponent({
    props: { onCode: { type: Function, required: true } },
    setup(props) {
      useWedgeScanner((code) => (props.onCode as (code: string) => void)(code));
      return () => h('input', { 'data-testid': 'field' });
    },
  });

  function type(target: EventTarget, keys: string[], gap: number, start = 10_000) {
    keys.forEach((key, index) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: start + index * gap });
      target.dispatchEvent(event);
      // What the browser would do with a printable key in a text field.
      if (target instanceof HTMLInputElement && key.length === 1 && !event.defaultPrevented) target.value += key;
    });
  }

  it('hands the code over and takes the burst back out of the focused field', () => {
    const codes: string[] = [];
    const wrapper = mount(Host, { props: { onCode: (code: string) => codes.push(code) }, attachTo: document.body });
    const input = wrapper.get('[data-testid="field"]').element as HTMLInputElement;
    input.value = 'Dup';
    type(input, [...'CV-0042', 'Enter'], 6);
    expect(codes).toEqual(['CV-0042']);
    expect(input.value).toBe('Dup');
    // Typing stays in the field and is no scan.
    type(input, [...'ont', 'Enter'], 150, 20_000);
    expect(codes).toEqual(['CV-0042']);
    expect(input.value).toBe('Dupont');
    // A person's letters, then at once a scan slowed once by a busy computer: only the code goes.
    type(input, [...'ne'], 150, 30_000);
    type(input, [...'CV-0'], 6, 30_400);
    type(input, [...'043', 'Enter'], 6, 30_700);
    expect(codes).toEqual(['CV-0042', 'CV-0043']);
    expect(input.value).toBe('Dupontne');
    wrapper.unmount();
  });

  it('outside text fields, shortcut keys reach the page only when they are not part of a scan', () => {
    vi.useFakeTimers();
    const codes: string[] = [];
    const shortcuts: string[] = [];
    const listener = (event: KeyboardEvent) => shortcuts.push(event.key);
    window.addEventListener('keydown', listener);
    const wrapper = mount(Host, { props: { onCode: (code: string) => codes.push(code) }, attachTo: document.body });
    try {
      // A scanned code full of shortcut letters (C, N, A): none of them runs.
      type(document.body, [...'CV-NA-123', 'Enter'], 5);
      vi.advanceTimersByTime(200);
      expect(codes).toEqual(['CV-NA-123']);
      expect(shortcuts).toEqual([]);
      // The same scan stalled for 300 ms after its fourth key: still no shortcut on the way.
      type(document.body, [...'CV-N'], 5, 20_000);
      vi.advanceTimersByTime(300);
      expect(shortcuts).toEqual([]);
      type(document.body, [...'A-124', 'Enter'], 5, 20_320);
      vi.advanceTimersByTime(600);
      expect(codes).toEqual(['CV-NA-123', 'CV-NA-124']);
      expect(shortcuts).toEqual([]);
      // A person pressing N: it reaches the page a moment later.
      type(document.body, ['n'], 0, 30_000);
      expect(shortcuts).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(shortcuts).toEqual(['n']);
    } finally {
      wrapper.unmount();
      window.removeEventListener('keydown', listener);
      vi.useRealTimers();
    }
  });

  it('letters held after a key that opened a field ("/" focuses the board search) land in that field, every one, and reach no shortcut', () => {
    vi.useFakeTimers();
    const shortcuts: string[] = [];
    const wrapper = mount(Host, { props: { onCode: () => undefined }, attachTo: document.body });
    const input = wrapper.get('[data-testid="field"]').element as HTMLInputElement;
    // The page's "/" shortcut: it moves the focus into the field, as the board does.
    const page = (event: KeyboardEvent) => {
      if (document.activeElement === input) return;
      if (event.key === '/') input.focus();
      else shortcuts.push(event.key);
    };
    window.addEventListener('keydown', page);
    try {
      for (const gap of [30, 120]) {
        input.value = '';
        input.blur();
        // Fast typing is held (it could be a scan); at a person's pace a letter may still come before the held "/" is replayed.
        type(document.body, [...'/dupont'], gap, 40_000 + gap * 100);
        vi.advanceTimersByTime(600);
        expect(input.value).toBe('dupont');
      }
      expect(shortcuts).toEqual([]);
    } finally {
      wrapper.unmount();
      window.removeEventListener('keydown', page);
      vi.useRealTimers();
    }
  });
});
