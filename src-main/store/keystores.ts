import type { Keystore } from './secrets';

/**
 * Where no OS keychain can be reached (the browser preview host runs in plain Node),
 * secrets are refused rather than written in clear.
 */
export const unavailableKeystore: Keystore = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('no secure storage on this runtime');
  },
  decryptString: () => {
    throw new Error('no secure storage on this runtime');
  },
};
