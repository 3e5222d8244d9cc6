import { CONTRACT_BASE_PATH } from '../../../src-shared/profile';
import { NO_FIELD_VARIATIONS, type FieldVariationMode } from './field-variations';

/**
 * How the training publisher behaves. Defaults are a complete, conformant publisher;
 * every switch exists so the desk can be tested against the publishers it will meet:
 * minimal conformant forms, strict device policy, encryption, and field quirks.
 */
export interface PublisherBehaviour {
  basePath: string;
  /** tolerant: an unknown device with a valid key is registered at first contact. */
  devicePolicy: 'tolerant' | 'strict';
  /** End-to-end encryption of the 10 kiosk-originated operations. null = off. */
  encryption: {
    /** PEM private keys tried in order at unwrap (rotation). */
    privateKeysPem: string[];
    /**
     * 'refuse': a clear call to an encrypted operation is answered 400 `refusalCode`;
     * 'refuseAll': also by-ticket and document content, as publishers encrypting beyond the ten do.
     */
    clearCalls: 'accept' | 'refuse' | 'refuseAll';
    refusalCode: string;
  } | null;
  /** Each feature switched off answers with the contract's minimal conformant form. */
  minimal: {
    documents: boolean;
    patientEdit: boolean;
    convocationCodes: boolean;
    staffAccounts: boolean;
    notification: boolean;
    callQueue: boolean;
  };
  /** Field reality: ways real publishers differ from the contract. */
  quirks: {
    /** 400 VALIDATION_ERROR on `PUT status` `closed`. */
    rejectClosed: boolean;
    /** Unknown routes answer an HTML 404 page instead of the JSON error body. */
    htmlNotFound: boolean;
    /** Any key is accepted on first use and then becomes the only accepted key. */
    trustAnyKeyOnFirstUse: boolean;
    /** `PUT status` at or behind the current status answers the requested status (an echo) instead of the current one. */
    echoStatus: boolean;
  };
  /** Answers in the other legal forms (null for absent, offsets, extra fields, opaque ids): field-variations.ts. */
  fieldVariations: FieldVariationMode;
  /**
   * The publisher's own configuration, used when a request carries no
   * `context.config` (contract, context rule 2).
   */
  identification: { twoFieldsIdentification: boolean };
  /** Largest accepted upload body, in bytes (contract: at least 10 MB of plaintext JSON). */
  uploadLimitBytes: number;
  /** Best-effort calls to the platform's ticket services, like a real publisher makes. */
  platform: { url: string; licenceUuid: string; accountKey: string; timeoutMs: number } | null;
  /**
   * false: the publisher never calls the platform's ticket services (`appointmentStatusChanged`,
   * `issueForAppointment`), as the contract's reference implementation by default: the platform's
   * tickets stay `issued` and only the desk's re-verification tells the board the truth. Read at
   * every call, so a test may flip it on a running sandbox.
   */
  pushes: boolean;
}

export const DEFAULT_PUBLISHER_BEHAVIOUR: PublisherBehaviour = {
  basePath: CONTRACT_BASE_PATH,
  devicePolicy: 'tolerant',
  encryption: null,
  minimal: {
    documents: false,
    patientEdit: false,
    convocationCodes: false,
    staffAccounts: false,
    notification: false,
    callQueue: false,
  },
  quirks: { rejectClosed: false, htmlNotFound: false, trustAnyKeyOnFirstUse: false, echoStatus: false },
  fieldVariations: NO_FIELD_VARIATIONS,
  identification: { twoFieldsIdentification: false },
  uploadLimitBytes: 16 * 1024 * 1024,
  platform: null,
  pushes: true,
};

/** Every minimal form at once: the smallest publisher the contract allows. */
export const MINIMAL_PUBLISHER: PublisherBehaviour['minimal'] = {
  documents: true,
  patientEdit: true,
  convocationCodes: true,
  staffAccounts: true,
  notification: true,
  callQueue: true,
};

export type PublisherBehaviourInput = Partial<Omit<PublisherBehaviour, 'minimal' | 'quirks' | 'identification'>> & {
  minimal?: Partial<PublisherBehaviour['minimal']>;
  quirks?: Partial<PublisherBehaviour['quirks']>;
  identification?: Partial<PublisherBehaviour['identification']>;
};

/** The refusal code of `clearCalls: 'refuse'` when none is given. */
export const DEFAULT_REFUSAL_CODE = 'ENCRYPTION_REQUIRED';

export function publisherBehaviour(input: PublisherBehaviourInput = {}): PublisherBehaviour {
  return {
    ...DEFAULT_PUBLISHER_BEHAVIOUR,
    ...input,
    minimal: { ...DEFAULT_PUBLISHER_BEHAVIOUR.minimal, ...input.minimal },
    quirks: { ...DEFAULT_PUBLISHER_BEHAVIOUR.quirks, ...input.quirks },
    identification: { ...DEFAULT_PUBLISHER_BEHAVIOUR.identification, ...input.identification },
  };
}
