import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { CheckBar } from './CheckBar';
import { pickedIndex, useOptionKeys } from './option-keys';
import { idList, type RendererProps } from './renderer-props';
import { Rich } from './Rich';

/** "a:2,b:1" → { a: '2', b: '1' }. */
export function parsePairs(s: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of idList(s)) {
    const [l, r] = p.split(':').map((x) => x.trim());
    if (l && r) out[l] = r;
  }
  return out;
}

/**
 * match: pair each item (left) with a match (right): tap an item, then its match. Pairs share a
 * colour and each side names the other; tapping a pair's match again undoes it. Then "Check".
 */
export function MatchQuestion({ q, revealed, saved, totalClock, locked, onAnswer }: RendererProps) {
  const { t } = useTranslation();
  const [pairs, setPairs] = useState<Record<string, string>>(() => parsePairs(saved));
  const [active, setActive] = useState<string | null>(null);
  const shown = revealed ? parsePairs(revealed.picked) : pairs;
  const correct = parsePairs(q.answer);
  const off = Boolean(revealed) || locked;
  const leftKey = (id: string) => String.fromCharCode(65 + q.options.findIndex((o) => o.id === id));
  const rightNo = (id: string) => q.match_options.findIndex((o) => o.id === id) + 1;
  const rightText = (id: string) => q.match_options.find((o) => o.id === id)?.text ?? '';
  const leftText = (id: string) => q.options.find((o) => o.id === id)?.text ?? '';
  const leftOf = (right: string) => Object.keys(shown).find((l) => shown[l] === right);
  const complete = q.options.every((o) => pairs[o.id]);
  const serialize = (p: Record<string, string>) =>
    q.options
      .filter((o) => p[o.id])
      .map((o) => `${o.id}:${p[o.id]}`)
      .join(',');

  function pickRight(right: string) {
    if (off || !active) return;
    const next = { ...pairs };
    for (const l of Object.keys(next)) if (next[l] === right) delete next[l];
    if (pairs[active] !== right) next[active] = right;
    setPairs(next);
    // On to the next item still without a match.
    setActive(q.options.find((o) => !next[o.id] && o.id !== active)?.id ?? null);
    const full = q.options.every((o) => next[o.id]);
    if (totalClock) onAnswer(full ? serialize(next) : '');
  }

  // The keys are the ones shown: a letter takes an item (A, B…), a digit gives it a match (1, 2…).
  useOptionKeys(!off, (k) => {
    if (k.kind === 'letter') {
      const i = pickedIndex(k, q.options.length);
      if (i !== null) setActive(q.options[i]!.id);
      return i !== null;
    }
    const i = pickedIndex(k, q.match_options.length);
    if (i === null || !active) return false;
    pickRight(q.match_options[i]!.id);
    return true;
  });

  function state(left: string): string {
    const r = shown[left];
    if (!revealed) return r ? `pair-${q.options.findIndex((o) => o.id === left) % 5}` : '';
    return correct[left] === r ? 'correct' : 'incorrect';
  }

  return (
    <div className="match">
      <p className="play-hint">{t('play.matchHint')}</p>
      <div className="match-cols">
        <section aria-labelledby={`match-l-${q.id}`}>
          <h2 className="match-head" id={`match-l-${q.id}`}>
            {t('play.matchItems')}
          </h2>
          <ul className="options">
            {q.options.map((o) => {
              const r = shown[o.id];
              return (
                <li key={o.id}>
                  <button
                    type="button"
                    className={`option match-item ${state(o.id)} ${active === o.id ? 'active' : ''}`}
                    disabled={off}
                    aria-pressed={active === o.id}
                    onClick={() => setActive(o.id)}
                    data-testid={`match-left-${o.id}`}
                  >
                    <span className="option-key" aria-hidden="true">
                      {leftKey(o.id)}
                    </span>
                    {/* The item's text in its own direction; the note under it in the interface's. */}
                    <span className="option-text">
                      <bdi>
                        <Rich text={o.text} latex={q.latex} />
                      </bdi>
                      <small className="pair-note">
                        {r ? (
                          <>
                            <span className="sr-only">{t('play.pairedWith', { item: rightText(r) })}</span>
                            <span aria-hidden="true">
                              <span className="pair-chip">{rightNo(r)}</span> <bdi>{rightText(r)}</bdi>
                            </span>
                          </>
                        ) : (
                          <span className="muted">{t('play.notPaired')}</span>
                        )}
                      </small>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby={`match-r-${q.id}`}>
          <h2 className="match-head" id={`match-r-${q.id}`}>
            {t('play.matchTargets')}
          </h2>
          <ul className="options">
            {q.match_options.map((m, i) => {
              const l = leftOf(m.id);
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    className={`option match-target ${l ? state(l) : ''}`}
                    disabled={off || !active}
                    onClick={() => pickRight(m.id)}
                    data-testid={`match-right-${m.id}`}
                  >
                    <span className="option-key num" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className="option-text">
                      <bdi>
                        <Rich text={m.text} latex={q.latex} />
                      </bdi>
                      {l && (
                        <small className="pair-note">
                          <span className="sr-only">{t('play.pairedWith', { item: leftText(l) })}</span>
                          <span className="pair-chip" aria-hidden="true">
                            {leftKey(l)}
                          </span>
                        </small>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      {!off && (
        <p className="play-hint keys-hint" aria-hidden="true" data-testid="keys-hint">
          {t('play.matchKeysHint')}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {active ? t('play.pickedItem', { item: leftText(active) }) : ''}
      </p>
      <CheckBar
        ready={complete}
        revealed={Boolean(revealed)}
        totalClock={totalClock}
        saved={saved !== null}
        locked={locked}
        onCheck={() => onAnswer(serialize(pairs))}
      />
    </div>
  );
}
