import type { PlayQuestion } from '../../../core/contract';
import { describeAnswer } from './answer-format';
import { Rich } from './Rich';

/** An answer in its question type's form: a text, chosen options, an order, or pairs. */
export function AnswerView({ q, answer }: { q: PlayQuestion; answer: string | null | undefined }) {
  const shape = describeAnswer(q, answer);
  if (!shape) return null;
  const rich = (text: string) => (
    <bdi>
      <Rich text={text} latex={q.latex} />
    </bdi>
  );
  switch (shape.kind) {
    case 'text':
      return <strong className="answer-text">{rich(shape.text)}</strong>;
    case 'choices':
      return (
        <ul className="answer-list">
          {shape.items.map((x, i) => (
            <li key={i}>{rich(x)}</li>
          ))}
        </ul>
      );
    case 'order':
      return (
        <ol className="answer-list ordered">
          {shape.items.map((x, i) => (
            <li key={i}>{rich(x)}</li>
          ))}
        </ol>
      );
    case 'pairs':
      return (
        <ul className="answer-list pairs">
          {shape.pairs.map((p, i) => (
            <li key={i}>
              {rich(p.left)}
              <span className="pair-sep"> — </span>
              {p.right ? rich(p.right) : '…'}
            </li>
          ))}
        </ul>
      );
  }
}
