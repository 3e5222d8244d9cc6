/** A soft two-tone chime for an arrival, made with Web Audio: no sound file to ship or load. */
export function chime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  const context = new Context();
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 660],
    [0.18, 880],
  ] as const) {
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.15, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.35);
    tone.connect(volume).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.35);
  }
  // One context per chime, released once it has played: arrivals are minutes apart.
  setTimeout(() => void context.close(), 1_000);
}
