import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { DisplayCalls } from '../../../../src-shared/ipc/features/display.contract';
import DisplayView from '../../../../src-renderer/features/display/views/DisplayView.vue';
import { CALL_SPEECH_STORAGE_KEY } from '../../../../src-renderer/features/display/speech/settings';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { deskEmit, deskReplies } from '../setup';
import { stubSpeech, voice, type FakeSpeech } from './fake-speech';

const chimes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../src-renderer/features/display/composables/useChime', () => ({
  useChime: () => ({ play: () => void (chimes.count += 1) }),
}));

const ENGLISH = voice('Zira', 'en-US', true);
const FRENCH = voice('Hortense', 'fr-FR');
const QUEBEC = voice('Caroline', 'fr-CA');

const first = { ticketId: 't1', formattedNumber: 'I004', deskLabel: 'Accueil 2', at: '2026-11-23T09:00:00+01:00' };
// What a display must never say, even if a call carried it.
const next = { ticketId: 't2', formattedNumber: 'EC012', deskLabel: 'Accueil 1', room: '3', at: '2026-11-23T09:05:00+01:00', patientDisplayName: 'DUPONT Jeanne' };

let speech: FakeSpeech;

async function openDisplay(locale: Locale) {
  deskReplies.set('display/calls', () => ({ ok: true, value: { revision: 1, calls: [first], live: true } satisfies DisplayCalls }));
  const wrapper = mount(DisplayView, { global: { plugins: [createPinia(), createDeskI18n(locale), createVuetify()] } });
  await flushPromises();
  return wrapper;
}

async function call(wrapper: Awaited<ReturnType<typeof openDisplay>>, ...calls: object[]) {
  deskEmit('display/callsChanged', { revision: 2, calls: [...calls, first], live: true });
  await flushPromises();
  return wrapper.find('[data-testid="public-display"]').attributes('data-chimes');
}

const turnOn = (settings: object) => window.localStorage.setItem(CALL_SPEECH_STORAGE_KEY, JSON.stringify({ enabled: true, volume: 1, voiceURI: null, ...settings }));

describe('spoken calls on the public display', () => {
  beforeEach(() => {
    chimes.count = 0;
    speech = stubSpeech();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    deskReplies.clear();
    window.localStorage.clear();
  });

  it('says the ticket and the desk in the display\'s language with a voice of that language, at the chosen volume, never the name', async () => {
    speech.voices = [ENGLISH, FRENCH, QUEBEC];
    turnOn({ volume: 0.6 });
    const wrapper = await openDisplay('fr');
    expect(speech.said).toEqual([]);
    expect(await call(wrapper, next)).toBe('1');
    expect(speech.said.map((said) => said.text)).toEqual(['Ticket E C douze, Accueil 1, salle 3']);
    expect(speech.said[0]!.voice?.voiceURI).toBe('Hortense');
    expect(speech.said[0]!.lang).toBe('fr-FR');
    expect(speech.said[0]!.volume).toBe(0.6);
    expect(chimes.count).toBe(0);
    expect(JSON.stringify(speech.said)).not.toMatch(/DUPONT|Jeanne/);
    wrapper.unmount();
  });

  it('uses the voice chosen in Settings while it speaks the display\'s language, and says new calls oldest first', async () => {
    speech.voices = [ENGLISH, FRENCH, QUEBEC];
    turnOn({ voiceURI: 'Caroline' });
    const wrapper = await openDisplay('fr');
    await call(wrapper, { ...next, ticketId: 't3', formattedNumber: 'S042', at: '2026-11-23T09:06:00+01:00' }, next);
    expect(speech.said.map((said) => [said.text, said.voice?.voiceURI])).toEqual([
      ['Ticket E C douze, Accueil 1, salle 3', 'Caroline'],
      ['Ticket S quarante-deux, Accueil 1, salle 3', 'Caroline'],
    ]);
    wrapper.unmount();

    // An English display ignores a French voice chosen earlier: it would read the numbers in French.
    speech.said = [];
    const english = await openDisplay('en');
    await call(english, next);
    expect(speech.said.map((said) => [said.text, said.voice?.voiceURI])).toEqual([['Ticket E C twelve, Accueil 1, room 3', 'Zira']]);
    english.unmount();
  });

  it('chimes instead when the system has no voice of the display\'s language, and speaks once one is installed', async () => {
    speech.voices = [ENGLISH];
    turnOn({});
    const wrapper = await openDisplay('fr');
    expect(await call(wrapper, next)).toBe('1');
    expect(speech.said).toEqual([]);
    expect(chimes.count).toBe(1);

    speech.installVoices([ENGLISH, FRENCH]);
    await call(wrapper, { ...next, ticketId: 't4', formattedNumber: 'I005' });
    expect(speech.said.map((said) => said.text)).toEqual(['Ticket I cinq, Accueil 1, salle 3']);
    expect(chimes.count).toBe(1);
    wrapper.unmount();
  });

  it('says nothing while speech is off (the default): the chime, as before', async () => {
    speech.voices = [FRENCH];
    const wrapper = await openDisplay('fr');
    expect(await call(wrapper, next)).toBe('1');
    expect(speech.said).toEqual([]);
    expect(chimes.count).toBe(1);

    // Turned on in Settings (the desk's window) while the display is open: the next call is spoken.
    turnOn({});
    window.dispatchEvent(new StorageEvent('storage', { key: CALL_SPEECH_STORAGE_KEY }));
    await call(wrapper, { ...next, ticketId: 't5', formattedNumber: 'I006' });
    expect(speech.said.map((said) => said.text)).toEqual(['Ticket I six, Accueil 1, salle 3']);
    wrapper.unmount();
  });
});
