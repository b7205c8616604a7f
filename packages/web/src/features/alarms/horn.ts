/**
 * The alarm horn, synthesised with WebAudio so no sound file ships: two short alternating square-wave
 * blasts through a low-pass filter. Browsers only allow audio after a user gesture; failures are silent.
 */
let context: AudioContext | null = null;

export function playHorn(): void {
  try {
    const Ctor = window.AudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = 1800;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    filter.connect(gain).connect(ctx.destination);
    const start = ctx.currentTime + 0.02;
    [440, 554, 440, 554].forEach((freq, i) => {
      const t = start + i * 0.32;
      const osc = ctx.createOscillator();
      osc.type = "square";
      osc.frequency.value = freq;
      osc.connect(filter);
      osc.start(t);
      osc.stop(t + 0.28);
      gain.gain.setValueAtTime(0, t);
      gain.gain.linearRampToValueAtTime(0.18, t + 0.02);
      gain.gain.setValueAtTime(0.18, t + 0.24);
      gain.gain.linearRampToValueAtTime(0, t + 0.28);
    });
  } catch {
    // No audio device or blocked autoplay: the toast still shows.
  }
}
