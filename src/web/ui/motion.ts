// Motion shared by the play, battle and contest screens (issue 22, Motion). Everything here is
// decoration: it never delays a click or the game's timing, and does nothing when the player
// asked for reduced motion (CSS animations are switched off by base.css; these run in script).

/** Whether the player asked for reduced motion (no movement; final states at once). */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The header's coin pill, where won coins fly to. */
export function coinsPill(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-testid="coins-badge"]');
}

const FLIGHT_MS = 700;
const SPRITES = 5;

/**
 * A few coins fly from `from` to the header's coin pill, which then bumps. Positions come from
 * bounding rectangles, so it is right in either direction; the sprites sit in a layer on the body
 * that takes no clicks and leaves once they land.
 */
export function flyCoins(from: Element | null): void {
  const pill = coinsPill();
  if (!from || !pill || reducedMotion() || typeof document.body.animate !== 'function') return;
  const a = from.getBoundingClientRect();
  const b = pill.getBoundingClientRect();
  const layer = document.createElement('div');
  layer.className = 'coin-flight';
  layer.setAttribute('aria-hidden', 'true');
  document.body.append(layer);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const flights = Array.from({ length: SPRITES }, (_, i) => {
    const coin = document.createElement('span');
    coin.className = 'coin-sprite';
    coin.style.left = `${a.left + a.width / 2 - 10}px`;
    coin.style.top = `${a.top + a.height / 2 - 10}px`;
    layer.append(coin);
    // Each coin arcs a little differently and leaves a beat after the one before.
    const lift = -40 - i * 12;
    return coin.animate(
      [
        { transform: 'translate(0, 0) scale(0.6)', opacity: 0 },
        { transform: `translate(${dx * 0.4}px, ${dy * 0.4 + lift}px) scale(1.1)`, opacity: 1, offset: 0.35 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0.9 },
      ],
      { duration: FLIGHT_MS, delay: i * 70, easing: 'cubic-bezier(0.5, 0, 0.75, 1)', fill: 'backwards' },
    ).finished;
  });
  void Promise.allSettled(flights).then(() => {
    layer.remove();
    bump(pill);
  });
}

/** The pill swells once, as the coins land. */
function bump(pill: HTMLElement): void {
  pill.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.25)' }, { transform: 'scale(1)' }], {
    duration: 320,
    easing: 'ease-out',
  });
}

/** A burst of confetti (level cleared, victory): drawn by its own chunk, loaded when needed. */
export function celebrate(): void {
  if (reducedMotion()) return;
  void import('./confetti').then(
    (m) => m.confettiBurst(),
    () => undefined,
  );
}
