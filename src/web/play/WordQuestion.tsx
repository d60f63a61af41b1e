import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { CheckBar } from '../ui/question/CheckBar';
import type { HintLetter } from './play-machine';
import { BackspaceIcon, BulbIcon } from '../ui/question/play-icons';
import type { RendererProps } from '../ui/question/renderer-props';
import {
  applyHint,
  backspace,
  boardWord,
  clearSlot,
  fillWord,
  isFree,
  questionBoard,
  placeTile,
  slotLetters,
  typeLetter,
  wordLetters,
  type Board,
} from './word-board';

interface HintProps {
  /** Letters hints already fixed for this word. */
  hints: readonly HintLetter[];
  hintCost: number;
  hintsLeft: number;
  hintBusy: boolean;
  onHint: () => Promise<HintLetter | null>;
}

/**
 * Guess the word: answer slots for the word's letters and shuffled letter tiles (the letters and
 * a few decoys). Tap a tile to place it, a slot to take it back; Backspace; typing works too. A
 * hint (paid) fixes one letter at its place.
 */
export function WordQuestion(props: RendererProps & HintProps) {
  const { q, revealed, saved, totalClock, locked, onAnswer, hints, hintCost, hintsLeft, hintBusy, onHint } = props;
  const { t } = useTranslation();
  const [board, setBoard] = useState<Board>(() => {
    const b = questionBoard(q, hints);
    return saved ? fillWord(b, saved) : b;
  });
  const letters = slotLetters(board);
  const key = wordLetters(q.answer ?? '');
  const word = boardWord(board);
  const off = Boolean(revealed) || locked;
  // Slots run in the word's own direction, whatever the interface's.
  const dir = /\p{Script=Arabic}|\p{Script=Hebrew}/u.test(q.answer ?? (q.tiles ?? []).join('')) ? 'rtl' : 'ltr';

  // The board as last changed: a hint lands after its call, when tiles may have moved meanwhile.
  const latest = useRef(board);

  function update(next: Board) {
    latest.current = next;
    setBoard(next);
    if (totalClock) onAnswer(boardWord(next) ?? '');
  }

  // Typing on a keyboard: letters place tiles, Backspace takes the last one back, Enter checks.
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e) => {
    if (off || e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target as HTMLElement | null;
    if (el?.closest('input, textarea, select, dialog')) return;
    if (e.key === 'Backspace') update(backspace(board));
    else if (e.key === 'Enter' && word && !totalClock && el?.tagName !== 'BUTTON') onAnswer(word);
    else if (e.key.length === 1 && /\p{L}|\p{N}/u.test(e.key)) update(typeLetter(board, e.key));
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', on);
    return () => document.removeEventListener('keydown', on);
  }, []);

  async function hint() {
    const h = await onHint();
    if (h) update(applyHint(latest.current, h.position, h.letter));
  }

  function slotClass(i: number) {
    if (board.fixed[i] !== null) return 'letter-slot fixed';
    if (revealed) return letters[i] === key[i] ? 'letter-slot correct' : 'letter-slot incorrect';
    return letters[i] ? 'letter-slot filled' : 'letter-slot';
  }

  return (
    <div className="word">
      <p className="play-hint">{t('play.wordHint')}</p>
      <ol className={letters.length > 10 ? 'letter-slots wrap' : 'letter-slots'} dir={dir}>
        {letters.map((l, i) => (
          <li key={i}>
            <button
              type="button"
              className={slotClass(i)}
              disabled={off || board.slots[i] === null}
              onClick={() => update(clearSlot(board, i))}
              aria-label={
                board.fixed[i] !== null
                  ? t('play.slotFixed', { n: i + 1, letter: l })
                  : l
                    ? t('play.slotFilled', { n: i + 1, letter: l })
                    : t('play.slotEmpty', { n: i + 1 })
              }
              data-testid={`slot-${i}`}
            >
              {l}
            </button>
          </li>
        ))}
      </ol>
      {!revealed && (
        <>
          <div className="letter-tiles">
            {board.tiles.map((l, i) => (
              <button
                key={i}
                type="button"
                className={isFree(board, i) ? 'letter-tile' : 'letter-tile used'}
                disabled={off || !isFree(board, i)}
                onClick={() => update(placeTile(board, i))}
                aria-label={t('play.tile', { letter: l })}
                data-testid={`tile-${i}`}
              >
                {l}
              </button>
            ))}
            <button
              type="button"
              className="letter-tile letter-back"
              disabled={off || board.slots.every((s) => s === null)}
              onClick={() => update(backspace(board))}
              aria-label={t('play.backspace')}
              data-testid="backspace"
            >
              <BackspaceIcon />
            </button>
          </div>
          {hintCost > 0 || hintsLeft > 0 ? (
            <div className="hint-row">
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={off || hintsLeft <= 0 || hintBusy}
                onClick={() => void hint()}
                data-testid="hint"
              >
                <BulbIcon /> {t('play.hint', { count: hintCost })}
              </button>
              <span className="muted" data-testid="hints-left">
                {t('play.hintsLeft', { count: Math.max(0, hintsLeft) })}
              </span>
            </div>
          ) : null}
        </>
      )}
      <CheckBar
        ready={word !== null}
        revealed={Boolean(revealed)}
        totalClock={totalClock}
        saved={saved !== null}
        locked={locked}
        onCheck={() => word && onAnswer(word)}
      />
    </div>
  );
}
