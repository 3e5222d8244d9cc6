import { X509Certificate } from 'node:crypto';
import type { Certificate, Session } from 'electron';
import type { WireFactory } from './wire';

/** Chromium's verdict for a chain that ends at an authority the system does not trust. */
const ERR_CERT_AUTHORITY_INVALID = -202;
/** `setCertificateVerifyProc`'s answers: accept, or keep Chromium's own verdict. */
const ACCEPT = 0;
const CHROMIUM_VERDICT = -3;

type VerifyRequest = { hostname: string; certificate: Certificate; errorCode: number };
export type ChromiumSession = Pick<Session, 'fetch' | 'setCertificateVerifyProc'>;

/**
 * The Electron wire: Chromium's network stack (`session.fetch`) behind the one transport, so
 * the system proxy, PAC, the OS certificate store and NTLM/Kerberos proxies apply unchanged.
 * A profile's extra CA is added through the verify proc, only where Chromium's one objection
 * is the authority: a wrong name, an expired or revoked certificate stays refused.
 */
export function chromiumWire(session: ChromiumSession): WireFactory {
  return (extraCertificates) => {
    session.setCertificateVerifyProc(extraCertificates.length > 0 ? trustingProc(extraCertificates) : null);
    return (url, init) => session.fetch(url, init);
  };
}

export function trustingProc(extraCertificates: readonly string[]): (request: VerifyRequest, callback: (result: number) => void) => void {
  const authorities = extraCertificates.map((pem) => new X509Certificate(pem));
  return (request, callback) => {
    if (request.errorCode !== ERR_CERT_AUTHORITY_INVALID) return callback(CHROMIUM_VERDICT);
    callback(issuedByOneOf(request.certificate, request.hostname, authorities) ? ACCEPT : CHROMIUM_VERDICT);
  };
}

/** The leaf names the host and is in date, and some certificate of its chain was signed by one of the authorities. */
function issuedByOneOf(leaf: Certificate, hostname: string, authorities: readonly X509Certificate[]): boolean {
  try {
    const chain: X509Certificate[] = [];
    for (let at: Certificate | undefined = leaf; at && chain.length < 10; at = at.issuerCert) chain.push(new X509Certificate(at.data));
    const first = chain[0];
    if (!first || first.checkHost(hostname) === undefined || !inDate(first)) return false;
    for (let i = 0; i + 1 < chain.length; i += 1) if (!chain[i]!.verify(chain[i + 1]!.publicKey)) return false;
    return chain.some((certificate) => authorities.some((authority) => certificate.checkIssued(authority) && certificate.verify(authority.publicKey)));
  } catch {
    return false;
  }
}

function inDate(certificate: X509Certificate): boolean {
  const now = Date.now();
  return Date.parse(certificate.validFrom) <= now && now <= Date.parse(certificate.validTo);
}
