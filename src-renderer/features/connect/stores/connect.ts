import { defineStore } from 'pinia';
import type { ConnectionProfile } from '../../../../src-shared/profile';
import { desk, unwrap } from '../../../bridge/desk';
import { useTechnicianStore } from '../../../stores/technician';

/**
 * The connect page's calls. Each way out needs technician mode (a refusal opens its
 * dialog) and, once main has it, starts the desk again on the result.
 */
export const useConnectStore = defineStore('connect', () => {
  const { guard } = useTechnicianStore();
  const profiles = () => unwrap(desk.profiles.list());
  const saveKey = (profile: ConnectionProfile, accountKey: string) => guard(() => unwrap(desk.profiles.save({ profile, accountKey })));
  /** Another saved profile, or the Training one on purpose. */
  const useProfile = (id: string) => guard(() => unwrap(desk.profiles.activate({ id })));
  return { profiles, saveKey, useProfile };
});
