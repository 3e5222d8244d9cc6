import { onScopeDispose, shallowRef, type ShallowRef } from 'vue';

/**
 * The system's speech engine and its voices. Chromium lists the voices late (an empty list
 * first, then `voiceschanged`), and a voice can be installed while the display is open.
 */
export function useVoices(): { synth: SpeechSynthesis | null; voices: ShallowRef<readonly SpeechSynthesisVoice[]> } {
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const voices = shallowRef<readonly SpeechSynthesisVoice[]>(synth?.getVoices() ?? []);
  const load = () => {
    voices.value = synth?.getVoices() ?? [];
  };
  synth?.addEventListener('voiceschanged', load);
  onScopeDispose(() => synth?.removeEventListener('voiceschanged', load));
  return { synth, voices };
}

/** Says `text` at once with `voice`, in its language, at `volume`; queued behind what is being said. */
export function say(synth: SpeechSynthesis, text: string, voice: SpeechSynthesisVoice, volume: number): void {
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  utterance.volume = volume;
  synth.speak(utterance);
}
