import { DeskError } from '../../src-shared/errors';
import { namedFailure } from '../net/failure';
import type { CallFacts, HttpAnswer, JsonHttpHooks } from '../net/json-http';
import { TransientPlatformError } from './transient';

/** Trailing slashes off: every platform route starts with `/`. */
export function platformBase(platformUrl: string): string {
  return platformUrl.replace(/\/+$/, '');
}

/** The failures every platform service (ticket services, administration) names alike. */
export const PLATFORM_FAILURES = {
  unreachable: (failure, call) =>
    new TransientPlatformError(`The platform did not answer ${call.operation} (${failure.code}).`, namedFailure(failure) ?? undefined),
  failed: (answer, call) => new TransientPlatformError(`The platform failed on ${call.operation} (HTTP ${answer.status}).`),
  // Field paths only (never values): what a technician needs to tell a server bug from a wrong URL.
  violation: ({ reason, fields }, call) =>
    new DeskError(
      'CONTRACT_VIOLATION',
      reason === 'notJson'
        ? `The platform answered ${call.operation} with something that is not JSON.`
        : `The platform answered ${call.operation} in an unexpected form${fields ? ` (${fields})` : ''}.`,
    ),
} satisfies Omit<JsonHttpHooks, 'refused'>;

type Refusal = (answer: HttpAnswer, call: CallFacts) => Error;

/**
 * What a platform refusal means: the service says it for a 4xx. A 3xx is no answer the
 * desk can use (it follows no redirect): a violation, as its body always was.
 */
export function platformRefusal(refused4xx: Refusal): Refusal {
  return (answer, call) =>
    answer.status < 400 ? PLATFORM_FAILURES.violation({ status: answer.status, reason: 'wrongShape', fields: null }, call) : refused4xx(answer, call);
}
