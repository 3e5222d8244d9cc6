import { ref } from 'vue';
import type { LinkState } from './web-bridge';
import { watchLink } from './desk-api';

export { desk, unwrap } from './desk-api';

/** Whether the renderer can reach main: always up under Electron, tracked in the preview. */
export const link = ref<LinkState>('up');
link.value = watchLink((state) => {
  link.value = state;
});
