import type { Keystore } from './secrets';

/**
 * Where no OS keychain can be reached (the browser preview host runs in plain Node),
 * secrets are refused rather than written in clear.
 */
export const unavailableKeystore: Keystore = {
  isAsyncEncryptionAvailable: () => Promise.resolve(false),
  encryptStringAsync: () => Promise.reject(new Error('no secure storage on this runtime')),
  decryptStringAsync: () => Promise.reject(new Error('no secure storage on this runtime')),
};
