import { z } from 'zod';

/**
 * How this workstation's public display announces calls. Off by default: a display speaks only
 * once someone has chosen so in Settings. Kept in the workstation's local storage, which the
 * desk's window and the display's window share (a change in Settings reaches an open display).
 */
export const callSpeechSettingsSchema = z.object({
  enabled: z.boolean(),
  /** 0 to 1, the speech engine's own scale. */
  volume: z.number().min(0).max(1),
  /** A voice chosen by name (its voiceURI); null: the system's voice of the display's language. */
  voiceURI: z.string().nullable(),
});
export type CallSpeechSettings = z.infer<typeof callSpeechSettingsSchema>;

export const CALL_SPEECH_STORAGE_KEY = 'desk.display.speech';
export const DEFAULT_CALL_SPEECH: CallSpeechSettings = { enabled: false, volume: 1, voiceURI: null };

/** What is stored, or the defaults when nothing (or something unreadable) is. */
export function readCallSpeech(storage: Pick<Storage, 'getItem'>): CallSpeechSettings {
  try {
    const parsed = callSpeechSettingsSchema.safeParse(JSON.parse(storage.getItem(CALL_SPEECH_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : DEFAULT_CALL_SPEECH;
  } catch {
    return DEFAULT_CALL_SPEECH;
  }
}

export function writeCallSpeech(storage: Pick<Storage, 'setItem'>, settings: CallSpeechSettings): void {
  storage.setItem(CALL_SPEECH_STORAGE_KEY, JSON.stringify(callSpeechSettingsSchema.parse(settings)));
}

type Voice = Pick<SpeechSynthesisVoice, 'voiceURI' | 'lang' | 'default'>;

/** Whether a voice speaks `locale` ("fr-FR", "fr_CA", "fr" all speak French). */
export function speaksLanguage(voice: Pick<SpeechSynthesisVoice, 'lang'>, locale: string): boolean {
  const lang = voice.lang.toLowerCase().replace('_', '-');
  return lang === locale || lang.startsWith(`${locale}-`);
}

/**
 * The voice that says a call: the one chosen in Settings while it speaks the display's language,
 * else the system's default among that language's voices, else the first of them; none, null
 * (the display chimes: a voice of another language would mangle the numbers).
 */
export function chooseVoice<V extends Voice>(voices: readonly V[], locale: string, voiceURI: string | null): V | null {
  const speaking = voices.filter((voice) => speaksLanguage(voice, locale));
  return speaking.find((voice) => voice.voiceURI === voiceURI) ?? speaking.find((voice) => voice.default) ?? speaking[0] ?? null;
}
