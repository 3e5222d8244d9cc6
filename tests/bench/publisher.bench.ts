import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sealJson } from '../../src-main/crypto/envelope';
import { appointmentPairSchema, type AppointmentPair } from '../../src-shared/publisher/schemas';
import { PublisherClient } from '../../src-main/publisher/client';
import { openAnswer, openSession, sealBody } from '../../src-main/publisher/encryption';
import { startSandbox, type SandboxStartOptions } from '../../src-main/sandbox/start';
import { percentile, type Benchmark } from './harness';

/** RSA-4096: the contract's recommended size, and the expensive case for the wrap. */
function rsa4096(): { publicKey: KeyObject; privatePem: string; publicPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
  return {
    publicKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * A real appointment pair from the training day (~1.9 KB), given one more same-day
 * appointment of the patient when needed to reach the typical 2–3 KB of a
 * multi-appointment journey's by-id answer.
 */
async function typicalPair(): Promise<AppointmentPair> {
  const sandbox = await startSandbox();
  try {
    const client = new PublisherClient({ profile: sandbox.profile, accountKey: sandbox.accountKey });
    const pair = await client.getAppointmentById(sandbox.world.publisher.appointments[2]!.id);
    while (JSON.stringify(pair).length < 2_048) {
      pair.otherAppointments.push({ ...pair.appointment, id: `${pair.appointment.id}-${pair.otherAppointments.length}` });
    }
    return pair;
  } finally {
    await sandbox.close();
  }
}

const checkInRequest = {
  context: { locationId: '1', config: { identification: { twoFieldsIdentification: false } } },
  identifiedWithHealthCard: true,
  attendantCheckIn: false,
  anomalyCodes: ['incompleteFile'],
  documentsComplete: false,
  sequence: { number: 1, count: 2 },
  linkedAppointmentIds: ['A5001~RDV24001'],
  examId: 'EX-IRM-GENOU',
  proposedTicket: { number: 12, formattedNumber: 'I012' },
};

/** p50 of getAppointmentById against the sandbox over loopback, after warm-up. */
async function reloadP50(options: SandboxStartOptions, publicPem: string | null): Promise<number> {
  const sandbox = await startSandbox(options);
  try {
    const client = new PublisherClient({ profile: { ...sandbox.profile, publisherPublicKeyPem: publicPem }, accountKey: sandbox.accountKey });
    const ids = sandbox.world.publisher.appointments.map((appointment) => appointment.id);
    const samples: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const started = performance.now();
      await client.getAppointmentById(ids[i % ids.length]!);
      if (i >= 50) samples.push(performance.now() - started);
    }
    return percentile(samples, 50);
  } finally {
    await sandbox.close();
  }
}

/** The pair as a publisher writing the other legal forms sends it: `null` for absent, unknown fields. */
function otherForm(pair: AppointmentPair): string {
  const nulls = { examLabel: null, roomLabel: null, endDate: null, vendorData: null, futureField: { a: 1 } };
  return JSON.stringify({
    ...pair,
    patient: { ...pair.patient, email: null, address: null, extra: 'x' },
    appointment: { ...pair.appointment, ...nulls },
    otherAppointments: pair.otherAppointments.map((other) => ({ ...other, ...nulls })),
  });
}

export const benchmarks: Benchmark[] = [
  {
    // What encryption adds on the desk per call: new session key + RSA-OAEP wrap + seal
    // the request + open the answer. The server's sealing of the answer is not timed.
    metric: 'publisher.crypto_client_overhead_ms',
    unit: 'ms',
    target: { op: '<=', value: 0.5 },
    async run() {
      const keys = rsa4096();
      const pair = await typicalPair();
      const samples: number[] = [];
      for (let i = 0; i < 1_200; i += 1) {
        const t0 = performance.now();
        const session = openSession(keys.publicKey);
        sealBody(session, checkInRequest);
        const t1 = performance.now();
        const sealedAnswer = JSON.stringify(sealJson(session.key, pair));
        const t2 = performance.now();
        openAnswer(session, 'bench', 200, 'v1', sealedAnswer);
        const t3 = performance.now();
        if (i >= 200) samples.push(t1 - t0 + (t3 - t2));
      }
      return percentile(samples, 50);
    },
  },
  {
    // The desk's reading of one answer, without the network: decode, then validate and
    // normalise (null → absent, unknown fields dropped) with the pair's schema.
    metric: 'publisher.parse_appointment_p50_us',
    unit: 'us',
    target: null,
    async run() {
      const text = otherForm(await typicalPair());
      const samples: number[] = [];
      for (let i = 0; i < 6_000; i += 1) {
        const started = performance.now();
        appointmentPairSchema.parse(JSON.parse(text));
        if (i >= 1_000) samples.push((performance.now() - started) * 1_000);
      }
      return percentile(samples, 50);
    },
  },
  {
    metric: 'publisher.reload_p50_ms',
    unit: 'ms',
    target: null,
    run: () => reloadP50({}, null),
  },
  {
    // Same reload, sealed both ways; the sandbox unwraps with an RSA-4096 private key.
    metric: 'publisher.reload_encrypted_p50_ms',
    unit: 'ms',
    target: null,
    async run() {
      const keys = rsa4096();
      return reloadP50(
        { publisher: { encryption: { privateKeysPem: [keys.privatePem], clearCalls: 'refuse', refusalCode: 'ENCRYPTION_REQUIRED' } } },
        keys.publicPem,
      );
    },
  },
];
