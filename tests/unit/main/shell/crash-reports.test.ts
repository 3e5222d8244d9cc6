import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { app, crashReporter } from '../../../mocks/electron';
import { keepCrashDumpsLocally } from '../../../../src-main/shell/crash-reports';

vi.mock('electron', () => import('../../../mocks/electron'));

describe('crash dumps', () => {
  it('are kept in crashes/ of the data folder and never uploaded', () => {
    crashReporter.start.mockClear();
    const folder = keepCrashDumpsLocally(app as never, crashReporter as never);
    expect(folder).toBe(path.join(app.userData, 'crashes'));
    expect(app.setPath).toHaveBeenCalledWith('crashDumps', folder);
    expect(crashReporter.start).toHaveBeenCalledTimes(1);
    expect(crashReporter.start.mock.calls[0]![0]).toMatchObject({ uploadToServer: false });
    expect(crashReporter.start.mock.calls[0]![0]).not.toHaveProperty('submitURL');
  });
});
