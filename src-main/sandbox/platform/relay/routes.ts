/**
 * Which contract routes need `X-Kiosk-Device-Id` (the contract's "K+D"). The relay
 * cannot know every publisher's route table (optional operations have no fixed
 * path), so the rule is: the device id is required on the ten kiosk-originated
 * operations the contract names, and only on them. Key-only routes (PUT status,
 * staff sign-in, /config/*) and any route the contract does not name go through
 * with the key alone; whether a device id is KNOWN is the publisher's device policy
 * (tolerant or strict), so the relay never judges it, it only passes it on.
 */
const DEVICE_ROUTES: { method: string; pattern: RegExp }[] = [
  { method: 'POST', pattern: /^\/patients\/identify$/ },
  { method: 'GET', pattern: /^\/appointments\/by-code\/[^/]+$/ },
  { method: 'GET', pattern: /^\/appointments\/[^/]+$/ },
  { method: 'PATCH', pattern: /^\/patients\/[^/]+$/ },
  { method: 'PUT', pattern: /^\/appointments\/[^/]+\/prescriber$/ },
  { method: 'GET', pattern: /^\/appointments\/[^/]+\/documents$/ },
  { method: 'POST', pattern: /^\/appointments\/[^/]+\/documents$/ },
  { method: 'DELETE', pattern: /^\/appointments\/[^/]+\/documents\/[^/]+$/ },
  { method: 'GET', pattern: /^\/appointments\/[^/]+\/notification-readiness$/ },
  { method: 'POST', pattern: /^\/appointments\/[^/]+\/check-in$/ },
];

/** `route` is relative to the contract base path, without the query string. */
export function requiresDeviceId(method: string, route: string): boolean {
  const upper = method.toUpperCase();
  return DEVICE_ROUTES.some((candidate) => candidate.method === upper && candidate.pattern.test(route));
}
