// A confetti burst on a canvas over the page (its own chunk: loaded by `celebrate` when a level
// is cleared or a battle won). About 1.5 s; it takes no clicks and removes itself.

const LIFE_MS = 1500;
const PIECES = 90;
/** The theme's colours, read from tokens.css so a dark theme changes them too. */
const TOKENS = ['--primary', '--accent', '--good', '--bad', '--primary-soft'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  spin: number;
  angle: number;
  size: number;
  colour: string;
}

/** Throws confetti up from the top third of the screen; it falls and fades out. */
export function confettiBurst(): void {
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti';
  canvas.setAttribute('aria-hidden', 'true');
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const w = window.innerWidth;
  const h = window.innerHeight;
  canvas.width = w * ratio;
  canvas.height = h * ratio;
  ctx.scale(ratio, ratio);
  document.body.append(canvas);
  const style = getComputedStyle(document.documentElement);
  const colours = TOKENS.map((v) => style.getPropertyValue(v).trim()).filter(Boolean);
  const pieces: Piece[] = Array.from({ length: PIECES }, () => {
    const angle = -Math.PI / 2 + (Math.random() - 0.5) * 1.6;
    const speed = 6 + Math.random() * 8;
    return {
      x: w / 2 + (Math.random() - 0.5) * w * 0.3,
      y: h * 0.35,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      spin: (Math.random() - 0.5) * 0.4,
      angle: Math.random() * Math.PI,
      size: 6 + Math.random() * 6,
      colour: colours[Math.floor(Math.random() * colours.length)] ?? 'currentColor',
    };
  });
  let start = 0;
  const frame = (now: number) => {
    start ||= now;
    const t = (now - start) / LIFE_MS;
    if (t >= 1) {
      canvas.remove();
      return;
    }
    ctx.clearRect(0, 0, w, h);
    ctx.globalAlpha = t < 0.7 ? 1 : (1 - t) / 0.3;
    for (const p of pieces) {
      p.vy += 0.35;
      p.vx *= 0.985;
      p.x += p.vx;
      p.y += p.vy;
      p.angle += p.spin;
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.rotate(p.angle);
      ctx.fillStyle = p.colour;
      ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      ctx.restore();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
