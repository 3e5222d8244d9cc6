import { defineStore } from 'pinia';
import type { CompatibilityRequest } from '../../../../src-shared/publisher/compatibility';
import { desk, unwrap } from '../../../bridge/desk';
import { saveDownload } from '../../../composables/saveDownload';
import { useTechnicianStore } from '../../../stores/technician';

/**
 * The technician's settings: connection profiles and the check of the running
 * profile's publisher. Each card keeps what it shows; only the calls live here.
 */
export const useSettingsStore = defineStore('settings', () => {
  // Profile changes and publisher checks need technician mode: a refusal opens its dialog.
  const { guard } = useTechnicianStore();
  const profiles = () => unwrap(desk.profiles.list());
  /** The profile used from the next start on. */
  const activateProfile = (id: string) => guard(() => unwrap(desk.profiles.activate({ id })));
  /** The running profile's publisher, its five config routes one by one. */
  const probePublisher = () => guard(() => unwrap(desk.connection.probe()));
  /** Read-only: sign-in, a test patient, one appointment and the config routes, compared with the contract. */
  const checkCompatibility = (request: CompatibilityRequest) => guard(() => unwrap(desk.connection.compatibility(request)));

  /** Versions and data folder for the About card (technician mode: the folder names the workstation's user). */
  const about = () => guard(() => unwrap(desk.diagnostics.about()));
  /** The archive is built in main; the renderer saves it as a download, as the statistics CSV. */
  const exportDiagnostics = () =>
    guard(async () => {
      const archive = await unwrap(desk.diagnostics.export());
      const bytes = Uint8Array.from(atob(archive.base64), (char) => char.charCodeAt(0));
      saveDownload(new Blob([bytes], { type: 'application/zip' }), archive.fileName);
      return archive;
    });

  /** This computer's settings (read by anyone: they name nobody). */
  const workstation = () => unwrap(desk.workstation.settings());
  /** Saved in workstation.json and, in the installed app, registered with Windows at once. */
  const setStartWithSession = (startWithSession: boolean) => guard(() => unwrap(desk.workstation.setStartWithSession({ startWithSession })));

  return { profiles, activateProfile, probePublisher, checkCompatibility, about, exportDiagnostics, workstation, setStartWithSession };
});
