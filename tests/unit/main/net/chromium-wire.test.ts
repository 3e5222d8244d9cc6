import type { Certificate } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumWire, trustingProc } from '../../../../src-main/net/chromium-wire';
import { makeTestCa, type TestCa } from '../../../helpers/hospital-network';

const AUTHORITY_INVALID = -202;
const NAME_INVALID = -200;
const ACCEPT = 0;
const CHROMIUM_VERDICT = -3;

/** Chromium hands the verify proc the leaf with its issuer chain as PEM (`data`). */
const leafOf = (pem: string): Certificate => ({ data: pem }) as Certificate;

function verdict(proc: ReturnType<typeof trustingProc>, request: { hostname: string; certificate: Certificate; errorCode: number }): number {
  let answer: number | undefined;
  proc(request, (result) => (answer = result));
  return answer!;
}

describe('the Electron wire trusts a profile\'s extra CA only where Chromium objects to the authority alone', () => {
  let ca: TestCa;
  beforeAll(() => {
    ca = makeTestCa();
  });

  it('accepts the medical system\'s certificate issued by the profile\'s CA for its own host name', () => {
    expect(verdict(trustingProc([ca.caPem]), { hostname: 'localhost', certificate: leafOf(ca.cert), errorCode: AUTHORITY_INVALID })).toBe(ACCEPT);
  });

  it('keeps Chromium\'s refusal for another authority, another host name, or any other error', () => {
    expect(verdict(trustingProc([ca.strangerCaPem]), { hostname: 'localhost', certificate: leafOf(ca.cert), errorCode: AUTHORITY_INVALID })).toBe(CHROMIUM_VERDICT);
    expect(verdict(trustingProc([ca.caPem]), { hostname: 'ris.hopital.local', certificate: leafOf(ca.cert), errorCode: AUTHORITY_INVALID })).toBe(CHROMIUM_VERDICT);
    expect(verdict(trustingProc([ca.caPem]), { hostname: 'localhost', certificate: leafOf(ca.cert), errorCode: NAME_INVALID })).toBe(CHROMIUM_VERDICT);
    expect(verdict(trustingProc([ca.caPem]), { hostname: 'localhost', certificate: leafOf('not a certificate'), errorCode: AUTHORITY_INVALID })).toBe(CHROMIUM_VERDICT);
  });

  it('installs the proc only for a profile with an extra CA, and leaves Chromium alone otherwise', () => {
    const session = { fetch: vi.fn(), setCertificateVerifyProc: vi.fn() };
    chromiumWire(session as never)([ca.caPem]);
    expect(session.setCertificateVerifyProc).toHaveBeenLastCalledWith(expect.any(Function));
    chromiumWire(session as never)([]);
    expect(session.setCertificateVerifyProc).toHaveBeenLastCalledWith(null);
  });
});
