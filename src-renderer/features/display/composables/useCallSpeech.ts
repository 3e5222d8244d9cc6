import { onScopeDispose, ref } from 'vue';
import type { DisplayCall } from '../../../../src-shared/ipc/features/display.contract';
import type { Locale } from '../../../plugins/language';
import { CALL_SPEECH_STORAGE_KEY, chooseVoice, readCallSpeech } from '../speech/settings';
import { spokenCall } from '../speech/spoken-call';
import { say, useVoices } from './useVoices';

export type Announcement = 'spoken' | 'chimed';

/**
 * How the display announces new calls: spoken (ticket and desk, never the name) when this
 * workstation turned speech on and has a voice of the display's language, the chime otherwise.
 * A change made in Settings (the desk's window) reaches the open display through the storage event.
 */
export function useCallSpeech(locale: () => Locale, chime: { play(): void }): { announce(calls: readonly DisplayCall[]): Announcement } {
  const { synth, voices } = useVoices();
  const settings = ref(readCallSpeech(window.localStorage));
  const reread = (event: StorageEvent) => {
    if (event.key === CALL_SPEECH_STORAGE_KEY || event.key === null) settings.value = readCallSpeech(window.localStorage);
  };
  window.addEventListener('storage', reread);
  onScopeDispose(() => window.removeEventListener('storage', reread));

  /** `calls`: the new ones, newest first as the display lists them; said oldest first. */
  function announce(calls: readonly DisplayCall[]): Announcement {
    const { enabled, volume, voiceURI } = settings.value;
    const voice = enabled && synth ? chooseVoice(voices.value, locale(), voiceURI) : null;
    if (!synth || !voice) {
      chime.play();
      return 'chimed';
    }
    for (const call of [...calls].reverse()) {
      say(synth, spokenCall({ formattedNumber: call.formattedNumber, deskLabel: call.deskLabel, room: call.room ?? null }, locale()), voice, volume);
    }
    return 'spoken';
  }
  return { announce };
}
