import type { AppInfo, StaffSession } from '../../src-shared/ipc/contract';
import type { DeskResult } from '../../src-shared/result';
import { desk } from '../bridge/desk-api';

/**
 * The page's first two questions to main (the desk, the session), asked once as the page starts:
 * the boot screen decides on their answers, and the stores take the same answers rather than ask
 * again. Any later read asks main afresh.
 */
interface FirstQuestions {
  info: Promise<DeskResult<AppInfo>> | null;
  session: Promise<DeskResult<StaffSession | null>> | null;
}

const first: FirstQuestions = { info: null, session: null };

export function askFirstQuestions(): { info: Promise<DeskResult<AppInfo>>; session: Promise<DeskResult<StaffSession | null>> } {
  first.info ??= desk.app.info();
  first.session ??= desk.staff.session();
  return { info: first.info, session: first.session };
}

/** The desk's information: the first answer if it is still unread, else a new question. */
export function takeAppInfo(): Promise<DeskResult<AppInfo>> {
  const answer = first.info ?? desk.app.info();
  first.info = null;
  return answer;
}

/** The staff session: the first answer if it is still unread, else a new question. */
export function takeStaffSession(): Promise<DeskResult<StaffSession | null>> {
  const answer = first.session ?? desk.staff.session();
  first.session = null;
  return answer;
}
