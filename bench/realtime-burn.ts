// A CPU burner of `npm run bench:realtime`: keeps one core busy DUTY (0–1) of the time, in
// spells of at most 1 ms (spin while behind the duty since start, else sleep 1 ms), so that the
// bare relay can be measured on a machine as busy as it was while the server ran. Runs until
// killed.
const duty = Math.min(1, Math.max(0, Number(process.env.DUTY ?? 0.5)));
const SPELL_MS = 1;
const start = performance.now();
let busy = 0;

function step() {
  const t = performance.now();
  if (busy < duty * (t - start)) {
    while (performance.now() - t < SPELL_MS) {
      // spin
    }
    busy += performance.now() - t;
    setImmediate(step);
  } else {
    setTimeout(step, SPELL_MS);
  }
}
step();
