//# allFunctionsCalledOnLoad
import { soundOn } from "./preferences.js";

// ---- sound -------------------------------------------------------------------------------------

// The dice's rattle and a capture's knock, synthesised with the Web Audio API: no file to
// download, nothing to cache. The context is made at the first sound (after a tap: browsers
// start audio only after a gesture); without Web Audio the app is silent.
let context = null;

function audio() {
  if (!context) {
    if (!globalThis.AudioContext) return null;
    context = new AudioContext();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

export function playSound(kind) {
  if (!soundOn()) return;
  const ctx = audio();
  if (!ctx) return;
  if (kind === "dice") rattle(ctx);
  else knock(ctx);
}

// Dice on a wooden table: a few short clicks of filtered noise, closer together as they settle.
function rattle(ctx) {
  const noise = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.03), ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const start = ctx.currentTime + 0.01;
  for (const [at, loudness] of [
    [0, 0.5],
    [0.11, 0.4],
    [0.2, 0.3],
    [0.27, 0.22],
    [0.32, 0.15],
    [0.36, 0.1],
  ]) {
    const click = ctx.createBufferSource();
    click.buffer = noise;
    click.playbackRate.value = 0.8 + Math.random() * 0.5;
    const filter = Object.assign(ctx.createBiquadFilter(), { type: "bandpass" });
    filter.frequency.value = 2200 + Math.random() * 1500;
    const gain = ctx.createGain();
    gain.gain.value = loudness;
    click.connect(filter).connect(gain).connect(ctx.destination);
    click.start(start + at);
  }
}

// A piece taken off the board: a short low knock, its pitch falling.
function knock(ctx) {
  const start = ctx.currentTime + 0.01;
  const tone = Object.assign(ctx.createOscillator(), { type: "triangle" });
  tone.frequency.setValueAtTime(320, start);
  tone.frequency.exponentialRampToValueAtTime(110, start + 0.18);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.5, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  tone.connect(gain).connect(ctx.destination);
  tone.start(start);
  tone.stop(start + 0.3);
}
