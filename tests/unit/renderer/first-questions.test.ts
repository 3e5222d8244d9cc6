import { flushPromises } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { askWhereToStart, createDeskRouter } from '../../../src-renderer/router';
import type { DeskResult } from '../../../src-shared/result';
import { deskCalls, deskReplies } from './setup';

const INFO = { name: 'Desk Console', version: '0.1.0', runtime: 'web', training: true, profileName: 'Training', trainingAccounts: [], notices: [], unconnected: null };

describe('the first questions to main', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    deskReplies.set('app/info', () => ({ ok: true, value: INFO }));
    deskReplies.set('connection/status', () => ({ ok: true, value: { publisher: 'unknown', checkedAt: null } }));
  });

  it('are asked once as the page starts: the first navigation, made while main has not answered yet, waits for the same answers and lands on sign-in', async () => {
    let answerSession: (result: DeskResult<null>) => void = () => undefined;
    const session = vi.spyOn(window.desk!.staff, 'session').mockImplementation(
      () => new Promise<DeskResult<null>>((resolve) => (answerSession = resolve)),
    );
    try {
      const pinia = createPinia();
      askWhereToStart(pinia);
      expect(deskCalls.map((call) => call.channel).sort()).toEqual(['app/info', 'connection/status']);
      expect(session).toHaveBeenCalledTimes(1);

      const router = createDeskRouter(pinia);
      const navigating = router.push('/board');
      await flushPromises();
      answerSession({ ok: true, value: null });
      await navigating;

      expect(router.currentRoute.value.name).toBe('sign-in');
      expect(session).toHaveBeenCalledTimes(1);
      expect(deskCalls.map((call) => call.channel).sort()).toEqual(['app/info', 'connection/status']);
    } finally {
      session.mockRestore();
    }
  });
});
