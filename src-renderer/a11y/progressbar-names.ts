import { onMounted, onUnmounted, watch } from 'vue';
import { useI18n } from 'vue-i18n';

/**
 * Vuetify draws its own spinners (a button's `loading`, a table's or a field's loader) as
 * role="progressbar" with no name and no way to give one (vuetify issue 18523): a screen
 * reader then announces a progress bar without saying what it is, and axe counts it as a
 * serious fault. Each such spinner is named ("Chargement…") the moment it appears; a
 * progress bar the app names itself is left as it is.
 */
const UNNAMED = '[role="progressbar"]:not([aria-label]):not([aria-labelledby]):not([title])';
/** Marks the names given here, so that a change of language renames them and only them. */
const GIVEN = 'data-desk-progress-name';

export interface ProgressbarNames {
  /** Renames the spinners named here (after a change of language). */
  rename(): void;
  stop(): void;
}

export function nameProgressbars(root: Element, label: () => string): ProgressbarNames {
  const name = (element: Element) => {
    element.setAttribute('aria-label', label());
    element.setAttribute(GIVEN, '');
  };
  const nameWithin = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(UNNAMED)) name(node);
    for (const element of node.querySelectorAll(UNNAMED)) name(element);
  };
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) nameWithin(node);
  });
  // Dialogs and menus are teleported to the body, outside the app's root.
  observer.observe(root, { childList: true, subtree: true });
  nameWithin(root);
  return {
    rename: () => {
      for (const element of root.querySelectorAll(`[${GIVEN}]`)) element.setAttribute('aria-label', label());
    },
    stop: () => observer.disconnect(),
  };
}

/** For the app's root component: names every unnamed spinner of the window while the app runs, in its language. */
export function useProgressbarNames(): void {
  const { t, locale } = useI18n();
  let names: ProgressbarNames | null = null;
  onMounted(() => {
    names = nameProgressbars(document.body, () => t('app.loading'));
  });
  watch(locale, () => names?.rename());
  onUnmounted(() => names?.stop());
}
