import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import CallSpeechCard from '../../../../src-renderer/features/display/components/CallSpeechCard.vue';
import { CALL_SPEECH_STORAGE_KEY, readCallSpeech } from '../../../../src-renderer/features/display/speech/settings';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import { stubSpeech, voice, type FakeSpeech } from './fake-speech';

let speech: FakeSpeech;

const mountCard = () => mount(CallSpeechCard, { global: { plugins: [createDeskI18n('fr'), createVuetify()] } });

describe('spoken calls in Settings', () => {
  beforeEach(() => {
    speech = stubSpeech();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('is off until turned on, then keeps the choice for this workstation\'s display and plays a sample with a voice of the language', async () => {
    speech.voices = [voice('Zira', 'en-US', true), voice('Hortense', 'fr-FR')];
    const wrapper = mountCard();
    const toggle = wrapper.find('[data-testid="call-speech-enabled"] input');
    expect((toggle.element as HTMLInputElement).checked).toBe(false);
    expect(wrapper.find('[data-testid="call-speech-voice"]').exists()).toBe(false);

    await toggle.setValue(true);
    await flushPromises();
    expect(readCallSpeech(window.localStorage)).toEqual({ enabled: true, volume: 1, voiceURI: null });
    expect(wrapper.find('[data-testid="call-speech-no-voice"]').exists()).toBe(false);
    await wrapper.find('[data-testid="call-speech-sample"]').trigger('click');
    expect(speech.said.map((said) => [said.text, said.voice?.voiceURI])).toEqual([['Ticket I cinq, Accueil 1', 'Hortense']]);
    wrapper.unmount();
  });

  it('says the display will chime when no voice of the language is installed', async () => {
    speech.voices = [voice('Zira', 'en-US', true)];
    window.localStorage.setItem(CALL_SPEECH_STORAGE_KEY, JSON.stringify({ enabled: true, volume: 0.5, voiceURI: null }));
    const wrapper = mountCard();
    expect(wrapper.find('[data-testid="call-speech-no-voice"]').text()).toContain('le carillon');
    wrapper.unmount();
  });

  it('reads back the defaults (off) from a damaged stored choice', () => {
    window.localStorage.setItem(CALL_SPEECH_STORAGE_KEY, '{"enabled":"yes"');
    expect(readCallSpeech(window.localStorage)).toEqual({ enabled: false, volume: 1, voiceURI: null });
  });
});
