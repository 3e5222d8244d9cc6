import { mount } from '@vue/test-utils';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createVuetify } from 'vuetify';
import TransferDialog from '../../../../src-renderer/features/board/components/TransferDialog.vue';
import { resolvePick, transferChoices, WAITING, type Picked } from '../../../../src-renderer/features/board/model/transfer';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import type { DeskPresence, DeskState } from '../../../../src-shared/platform/desks';

const ME = 1;

function desk(deskId: number, state: DeskState = 'open', gone = false): DeskPresence {
  return {
    deskId,
    officePlaceId: 1,
    label: `Accueil ${deskId}`,
    staffDisplayName: null,
    state,
    queue: { examTypeIds: [], rooms: [], practitioners: [] },
    lastSeenAt: '2026-11-27T10:30:00+01:00',
    gone,
    serving: null,
  };
}

describe('where a transfer can go (model)', () => {
  const presence = fc.record({ deskId: fc.integer({ min: 1, max: 5 }), state: fc.constantFrom<DeskState>('open', 'paused', 'closed'), gone: fc.boolean() });
  const office = fc.uniqueArray(presence, { selector: (one) => one.deskId, maxLength: 5 }).map((list) => list.map((one) => desk(one.deskId, one.state, one.gone)));

  it('always offers the waiting line, lists exactly the desks present, and says when there is none', () => {
    fc.assert(
      fc.property(office, fc.boolean(), (desks, inCare) => {
        const { choices, noDesk } = transferChoices(desks, ME, inCare);
        const present = desks.filter((one) => !one.gone && one.state !== 'closed' && one.deskId !== ME).map((one) => one.deskId);
        expect(choices.filter((choice) => choice.key !== WAITING).map((choice) => choice.key)).toEqual(present);
        expect(noDesk).toBe(present.length === 0);
        // The waiting line is always shown; closed only to a patient in care, with its reason.
        expect(choices.at(-1)).toMatchObject({ key: WAITING, blocked: inCare ? 'inCare' : null });
      }),
    );
  });

  it('sends only to a choice still offered; a desk that leaves while the dialog is open is named, never sent to', () => {
    fc.assert(
      fc.property(office, office, fc.boolean(), fc.nat(), (before, after, inCare, index) => {
        const opened = transferChoices(before, ME, inCare);
        const choice = opened.choices[index % opened.choices.length]!;
        const picked: Picked = { key: choice.key, deskLabel: choice.deskLabel };
        const now = transferChoices(after, ME, inCare);
        const resolved = resolvePick(picked, now);
        const still = now.choices.find((one) => one.key === choice.key);
        if (!still) expect(resolved).toEqual({ kind: 'left', deskLabel: choice.deskLabel });
        else if (still.blocked) expect(resolved.kind).toBe('none');
        else expect(resolved).toEqual({ kind: 'send', toDeskId: choice.key === WAITING ? null : choice.key });
      }),
    );
    expect(resolvePick(null, transferChoices([desk(2)], ME, false))).toEqual({ kind: 'none' });
  });
});

describe('the transfer dialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function open(props: { desks: DeskPresence[]; inCare?: boolean }, language: 'fr' | 'en' = 'fr') {
    return mount(TransferDialog, {
      props: { ticket: 'I004', desks: props.desks, myDeskId: ME, inCare: props.inCare ?? false },
      global: { plugins: [createDeskI18n(language), createVuetify()] },
      attachTo: document.body,
    });
  }
  const byTestId = <T extends Element = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
  const confirmButton = () => byTestId<HTMLButtonElement>('transfer-confirm')!;
  async function pick(key: string): Promise<void> {
    byTestId(`transfer-to-${key}`)!.querySelector<HTMLInputElement>('input')!.click();
    await nextTick();
  }

  it('alone: says there is no other desk, offers the waiting line with what it does, and transfers once it is chosen', async () => {
    const wrapper = open({ desks: [desk(ME), desk(2, 'closed'), desk(3, 'open', true)] });
    await nextTick();
    expect(byTestId('transfer-no-desk')!.textContent).toContain('Aucun autre poste n\u2019est ouvert sur ce site en ce moment.');
    expect(byTestId('transfer-to-2')).toBeNull();
    expect(byTestId('transfer-to-3')).toBeNull();
    expect(byTestId('transfer-to-waiting')!.textContent).toContain('Remettre en file d\u2019attente');
    expect(byTestId('transfer-hint-waiting')!.textContent).toContain('tout poste peut l\u2019appeler');
    expect(confirmButton().disabled).toBe(true);
    await pick('waiting');
    expect(confirmButton().disabled).toBe(false);
    const note = byTestId('transfer-note')!.querySelector('input')!;
    note.value = 'Revient après la radio';
    note.dispatchEvent(new Event('input'));
    confirmButton().click();
    expect(wrapper.emitted('confirm')).toEqual([[{ toDeskId: null, note: 'Revient après la radio' }]]);
    wrapper.unmount();
  });

  it('alone with a patient in care: the waiting line is shown but closed, saying why; nothing can be sent', async () => {
    const wrapper = open({ desks: [], inCare: true }, 'en');
    await nextTick();
    expect(byTestId('transfer-no-desk')!.textContent).toContain('No other desk of this office is open right now.');
    expect(byTestId('transfer-hint-waiting')!.textContent).toContain('Not for a patient in care');
    expect(byTestId('transfer-to-waiting')!.querySelector<HTMLInputElement>('input')!.disabled).toBe(true);
    expect(confirmButton().disabled).toBe(true);
    wrapper.unmount();
  });

  it('several desks: lists those present with what each will do, chooses none for staff, sends to the one picked', async () => {
    const wrapper = open({ desks: [desk(2), desk(3, 'paused')] });
    await nextTick();
    expect(byTestId('transfer-no-desk')).toBeNull();
    expect(byTestId('transfer-to-2')!.textContent).toContain('Accueil 2');
    expect(byTestId('transfer-hint-2')!.textContent).toContain('Ce poste l\u2019appellera en premier.');
    expect(byTestId('transfer-hint-3')!.textContent).toContain('En pause');
    expect(byTestId('transfer-to-waiting')).not.toBeNull();
    expect(confirmButton().disabled).toBe(true);
    await pick('3');
    confirmButton().click();
    expect(wrapper.emitted('confirm')).toEqual([[{ toDeskId: 3, note: null }]]);
    wrapper.unmount();
  });

  it('a desk leaving while the dialog is open: named, Transférer greyed until another choice', async () => {
    const wrapper = open({ desks: [desk(2), desk(3)] });
    await nextTick();
    await pick('2');
    expect(confirmButton().disabled).toBe(false);
    await wrapper.setProps({ desks: [desk(2, 'open', true), desk(3)] });
    expect(byTestId('transfer-left')!.textContent).toContain('Accueil 2 n\u2019est plus disponible');
    expect(byTestId('transfer-to-2')).toBeNull();
    expect(confirmButton().disabled).toBe(true);
    await pick('waiting');
    expect(byTestId('transfer-left')).toBeNull();
    confirmButton().click();
    expect(wrapper.emitted('confirm')).toEqual([[{ toDeskId: null, note: null }]]);
    wrapper.unmount();
  });
});
