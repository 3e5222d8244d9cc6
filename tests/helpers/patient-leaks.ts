import type { RunningSandbox } from '../../src-main/sandbox/start';

/**
 * What a technician's file must never hold after a day against the training sandbox: every
 * patient's name, birth date (both spellings), social security number and convocation code,
 * the account key, the wrong password typed, and every account's password. Returns those found.
 */
export function patientDataIn(text: string, sandbox: RunningSandbox): string[] {
  const { patients, appointments } = sandbox.world.publisher;
  const forbidden = new Set<string>([sandbox.accountKey, 'wrong-password']);
  for (const patient of patients) {
    forbidden.add(patient.lastName);
    forbidden.add(`${patient.firstName} ${patient.lastName}`);
    forbidden.add(patient.birthDate);
    forbidden.add(patient.birthDate.split('-').reverse().join('/'));
    if (patient.socialSecurityId) forbidden.add(patient.socialSecurityId);
  }
  for (const appointment of appointments) forbidden.add(appointment.convocationCode);
  const found = [...forbidden].filter((value) => text.includes(value));
  for (const account of [...sandbox.trainingAccounts, ...sandbox.platformAccounts]) {
    if (new RegExp(`\\b${account.password}\\b`).test(text)) found.push(`password of ${account.login}`);
  }
  return found;
}
