import { Ripple } from 'vuetify/directives';

interface RippleElement extends HTMLElement {
  _ripple?: { enabled?: boolean; keyDownHandler?: (event: KeyboardEvent) => void };
}

type Updated = typeof Ripple.updated & { bounded?: true };

/**
 * Vuetify 3.13's ripple makes a new keydown handler on every change of its value and then removes
 * that new one, never the one it attached: each time a button is disabled and enabled again (call
 * next while its call is on its way, a row's buttons while its move is sent) one more keydown
 * listener stays on it, found by the soak (docs/performance.md). Here the handler attached is the
 * one removed when the ripple goes off, and the one kept while it stays on.
 */
export function keepRippleListenersBounded(): void {
  const updated: Updated = Ripple.updated;
  if (updated.bounded) return;
  const bounded: Updated = (el: RippleElement, binding) => {
    const attached = el._ripple?.enabled ? el._ripple.keyDownHandler : undefined;
    updated(el, binding);
    if (!attached || !el._ripple) return;
    if (el._ripple.enabled) el._ripple.keyDownHandler = attached;
    else el.removeEventListener('keydown', attached);
  };
  bounded.bounded = true;
  Ripple.updated = bounded;
}
