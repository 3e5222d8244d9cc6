import { DeskError } from '../../../src-shared/errors';
import { TRAINER_REVERT_ARRIVAL_PATH } from './routes/trainer';

const TIMEOUT_MS = 5_000;

/**
 * The desk's training screens acting as the medical system's own screen: the trainer's
 * route over HTTP, exactly as `curl` from the sandbox CLI would call it.
 */
export async function revertArrivalOverHttp(target: { contractBaseUrl: string; accountKey: string }, appointmentId: string): Promise<void> {
  const url = `${target.contractBaseUrl.replace(/\/$/, '')}${TRAINER_REVERT_ARRIVAL_PATH.replace(':appointmentId', encodeURIComponent(appointmentId))}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'X-Kiosk-Auth-Key': target.accountKey }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new DeskError('PUBLISHER_UNREACHABLE', 'The training medical system did not answer.');
  }
  await response.body?.cancel();
  if (!response.ok) throw new DeskError('CHECKIN_NOT_ELIGIBLE', 'The training medical system cannot revert this arrival.');
}
