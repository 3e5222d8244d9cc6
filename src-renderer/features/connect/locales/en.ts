import type { connectFr } from './fr';

export const connectEn: typeof connectFr = {
  title: 'This desk cannot connect',
  reasons: {
    'settings-damaged': 'Its connection settings could not be read: the file was kept aside ({file}) and the profiles it held are lost.',
    'profile-missing': 'The connection profile chosen for this desk is no longer in its settings.',
    'profile-insecure':
      'The profile “{name}” uses a plain http address: the account key and passwords would cross the network in clear. It needs https addresses.',
    'key-unreadable':
      'The account key of the profile “{name}” cannot be read by this Windows user: it was saved by another user of this computer, or the system keychain was reset (after a password reset, for instance).',
    'key-missing': 'No account key is stored for the profile “{name}”.',
    'keychain-unavailable': 'The system’s secure keychain does not answer: the key of the profile “{name}” cannot be read.',
    'deployment-invalid': 'This computer’s deployment file ({file}) is refused and nothing of it is applied. Fields for the IT department to correct: {fields}.',
  },
  noTraining: 'It does not start in training mode instead: made-up patients would hide the real ones. Call the technician or support.',
  noPin:
    'No technician PIN is set on this desk: it cannot be repaired from here. Whoever installed it can remove settings.json from its data folder to start afresh.',
  waysOut: 'What the technician can do',
  reenterKey: 'Enter the account key of the profile “{name}” again',
  key: 'Account key',
  saveKey: 'Save the key and connect',
  otherProfile: 'Use another profile',
  useProfile: 'Use this profile',
  training: 'Start in training mode',
  trainingHint: 'Made-up data, nothing reaches the medical system; the desk shows “Training” everywhere.',
};
