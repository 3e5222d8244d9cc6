import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildDeskApi } from '../src-shared/ipc/api';

/**
 * Exposes `window.desk`: one function per contract channel and one subscription per
 * event. The renderer never sees `ipcRenderer` nor the Electron event object.
 */
contextBridge.exposeInMainWorld(
  'desk',
  buildDeskApi({
    invoke: (channel, request) => ipcRenderer.invoke(channel, request),
    subscribe: (event, listener) => {
      const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(event, handler);
      return () => {
        ipcRenderer.removeListener(event, handler);
      };
    },
  }),
);
