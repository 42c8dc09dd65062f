/** A short tone per scan: high for done, low twice for a problem (the hand is busy with the scanner; ears are free). */
let audio: AudioContext | null = null;

function tone(ctx: AudioContext, frequency: number, start: number, duration: number) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + duration + 0.02);
}

export function scanFeedback(kind: 'ok' | 'warn' | 'error'): void {
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (Ctor) {
      audio ??= new Ctor();
      const now = audio.currentTime;
      if (kind === 'ok') tone(audio, 1320, now, 0.09);
      else {
        tone(audio, kind === 'warn' ? 520 : 330, now, 0.12);
        tone(audio, kind === 'warn' ? 520 : 330, now + 0.17, 0.12);
      }
    }
  } catch {
    // Sound is a nicety; the screen shows the result anyway.
  }
  try {
    navigator.vibrate?.(kind === 'ok' ? 40 : [60, 60, 60]);
  } catch {
    // not supported
  }
}
