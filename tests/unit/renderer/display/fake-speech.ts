import { vi } from 'vitest';

/** What the display hands the speech engine: the words, the voice, the language, the volume. */
export class FakeUtterance {
  voice: { voiceURI: string } | null = null;
  lang = '';
  volume = 1;
  constructor(readonly text: string) {}
}

export type FakeVoice = { voiceURI: string; name: string; lang: string; default: boolean };
export const voice = (voiceURI: string, lang: string, isDefault = false): FakeVoice => ({ voiceURI, name: voiceURI, lang, default: isDefault });

/** The system's speech engine as the renderer sees it: voices listed (late, as Chromium does), what it was asked to say. */
export class FakeSpeech extends EventTarget {
  voices: FakeVoice[] = [];
  said: FakeUtterance[] = [];
  getVoices() {
    return this.voices;
  }
  speak(utterance: FakeUtterance) {
    this.said.push(utterance);
  }
  cancel() {}
  installVoices(voices: FakeVoice[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
}

/** Puts a fresh engine in place of window.speechSynthesis (undo with vi.unstubAllGlobals). */
export function stubSpeech(): FakeSpeech {
  const speech = new FakeSpeech();
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return speech;
}
