/**
 * A two-note chime generated with WebAudio: no sound file, nothing remote. Browsers
 * start an AudioContext suspended until a user gesture; the display window allows
 * autoplay (src-main/shell/display-window.ts), and a browser tab chimes once clicked.
 */
export function useChime(): { play(): void } {
  let context: AudioContext | null = null;

  function note(audio: AudioContext, frequency: number, start: number, duration: number): void {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + duration + 0.05);
  }

  return {
    play() {
      if (typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      void context.resume().catch(() => undefined);
      const now = context.currentTime;
      note(context, 659.25, now, 0.6);
      note(context, 880, now + 0.35, 0.9);
    },
  };
}
