/// <reference types="vite/client" />
import type { DeskApi } from '../src-shared/ipc/api';

declare global {
  interface Window {
    /** Present in Electron (preload); absent in the browser preview, where the web bridge stands in. */
    desk?: DeskApi;
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
