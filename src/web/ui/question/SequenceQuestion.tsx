import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { CheckBar } from './CheckBar';
import { DownIcon, GripIcon, UpIcon } from './play-icons';
import { idList, moveItem, type RendererProps } from './renderer-props';
import { Rich, textDir } from './Rich';

interface Drag {
  from: number;
  to: number;
  dy: number;
}

/**
 * sequence: put the items in order, by dragging the grip (mouse, pen or touch: pointer events),
 * with the grip's arrow keys, or with the up/down buttons; then "Check".
 */
export function SequenceQuestion({ q, revealed, saved, totalClock, locked, onAnswer }: RendererProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<string[]>(() => {
    const ids = idList(saved);
    return ids.length === q.options.length ? ids : q.options.map((o) => o.id);
  });
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState('');
  const focusNext = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const rects = useRef<DOMRect[]>([]);
  const startY = useRef(0);
  const shown = revealed ? idList(revealed.picked) : order;
  const items = shown.length === q.options.length ? shown : order;
  const correct = idList(q.answer);
  const text = (id: string) => q.options.find((o) => o.id === id)?.text ?? id;
  const off = Boolean(revealed) || locked;

  // After a move by keyboard or button, the focus follows the moved item's control.
  useEffect(() => {
    if (!focusNext.current) return;
    list.current?.querySelector<HTMLElement>(`[data-focus-key="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  }, [order]);

  function commit(next: string[], moved: string) {
    setOrder(next);
    setSaid(t('play.moved', { item: text(moved), n: next.indexOf(moved) + 1, total: next.length }));
    if (totalClock) onAnswer(next.join(','));
  }

  function move(i: number, to: number, control: string) {
    if (off || to < 0 || to >= order.length || to === i) return;
    const id = order[i]!;
    focusNext.current = `${control}-${id}`;
    commit(moveItem(order, i, to), id);
  }

  function down(e: PointerEvent<HTMLElement>, i: number) {
    if (off || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    rects.current = [...(list.current?.children ?? [])].map((c) => c.getBoundingClientRect());
    startY.current = e.clientY;
    setDrag({ from: i, to: i, dy: 0 });
  }

  function moveDrag(e: PointerEvent<HTMLElement>) {
    if (!drag) return;
    const dy = e.clientY - startY.current;
    const r = rects.current;
    const me = r[drag.from];
    if (!me) return;
    const center = me.top + me.height / 2 + dy;
    let to = drag.from;
    r.forEach((x, j) => {
      const mid = x.top + x.height / 2;
      if (j < drag.from && center < mid) to = Math.min(to, j);
      if (j > drag.from && center > mid) to = Math.max(to, j);
    });
    setDrag({ ...drag, dy, to });
  }

  function endDrag() {
    if (!drag) return;
    setDrag(null);
    if (drag.to !== drag.from) commit(moveItem(order, drag.from, drag.to), order[drag.from]!);
  }

  function shift(j: number): string | undefined {
    if (!drag) return undefined;
    const r = rects.current;
    if (j === drag.from) return `translateY(${drag.dy}px)`;
    const step = (r[drag.from]?.height ?? 0) + (r.length > 1 ? r[1]!.top - r[0]!.bottom : 0);
    if (drag.from < drag.to && j > drag.from && j <= drag.to) return `translateY(${-step}px)`;
    if (drag.to < drag.from && j >= drag.to && j < drag.from) return `translateY(${step}px)`;
    return undefined;
  }

  function key(e: KeyboardEvent, i: number) {
    if (e.key === 'ArrowUp') move(i, i - 1, 'grip');
    else if (e.key === 'ArrowDown') move(i, i + 1, 'grip');
    else return;
    e.preventDefault();
  }

  return (
    <div>
      <p className="play-hint" id={`seq-hint-${q.id}`}>
        {t('play.sequenceHint')}
      </p>
      <ol className={drag ? 'seq-list dragging' : 'seq-list'} ref={list} aria-describedby={`seq-hint-${q.id}`}>
        {items.map((id, i) => {
          const cls = revealed ? (correct[i] === id ? 'seq-item correct' : 'seq-item incorrect') : 'seq-item';
          return (
            <li
              key={id}
              className={drag?.from === i ? `${cls} lifted` : cls}
              style={{ transform: shift(i) }}
              data-testid={`seq-item-${id}`}
            >
              <span
                className="seq-grip"
                role="button"
                tabIndex={off ? -1 : 0}
                aria-disabled={off}
                aria-label={t('play.dragHandle', { item: text(id) })}
                data-focus-key={`grip-${id}`}
                onPointerDown={(e) => down(e, i)}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
                onPointerCancel={() => setDrag(null)}
                onKeyDown={(e) => key(e, i)}
              >
                <GripIcon />
              </span>
              <span className="seq-pos" aria-hidden="true">
                {i + 1}
              </span>
              <span className="seq-text" dir={textDir(text(id))}>
                <Rich text={text(id)} latex={q.latex} />
              </span>
              <span className="seq-moves">
                <button
                  type="button"
                  className="icon-btn"
                  disabled={off || i === 0}
                  aria-label={t('play.moveUp', { item: text(id) })}
                  data-focus-key={`up-${id}`}
                  onClick={() => move(i, i - 1, i - 1 === 0 ? 'down' : 'up')}
                  data-testid={`seq-up-${id}`}
                >
                  <UpIcon />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  disabled={off || i === items.length - 1}
                  aria-label={t('play.moveDown', { item: text(id) })}
                  data-focus-key={`down-${id}`}
                  onClick={() => move(i, i + 1, i + 1 === items.length - 1 ? 'up' : 'down')}
                  data-testid={`seq-down-${id}`}
                >
                  <DownIcon />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <CheckBar
        ready
        revealed={Boolean(revealed)}
        totalClock={totalClock}
        saved={saved !== null}
        locked={locked}
        onCheck={() => onAnswer(order.join(','))}
      />
    </div>
  );
}
