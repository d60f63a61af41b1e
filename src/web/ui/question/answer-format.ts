import type { PlayQuestion } from '../../../core/contract';

/** An answer as the player reads it, in the form of its question type. */
export type AnswerShape =
  | { kind: 'text'; text: string }
  | { kind: 'choices'; items: string[] }
  | { kind: 'order'; items: string[] }
  | { kind: 'pairs'; pairs: { left: string; right: string }[] };

const ids = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The texts of an answer (canonical ids) of a question; null when there is no answer. */
export function describeAnswer(q: PlayQuestion, answer: string | null | undefined): AnswerShape | null {
  if (answer == null || answer === '') return null;
  const option = (id: string) => q.options.find((o) => o.id === id)?.text ?? id;
  switch (q.question_type) {
    case 'word':
      return { kind: 'text', text: answer };
    case 'multi_select':
      // In the order the question lists them, not the sorted ids.
      return {
        kind: 'choices',
        items: q.options.filter((o) => ids(answer).includes(o.id)).map((o) => o.text),
      };
    case 'sequence':
      return { kind: 'order', items: ids(answer).map(option) };
    case 'match': {
      const right = new Map(ids(answer).map((p) => p.split(':').map((x) => x.trim()) as [string, string]));
      return {
        kind: 'pairs',
        pairs: q.options.map((o) => {
          const r = right.get(o.id);
          return { left: o.text, right: r === undefined ? '' : (q.match_options.find((m) => m.id === r)?.text ?? r) };
        }),
      };
    }
    default:
      return { kind: 'text', text: option(answer.trim()) };
  }
}

/** An answer said in one line, for the verdict a screen reader reads ("a, b", "x: 1; y: 2"). */
export function answerSentence(shape: AnswerShape | null): string {
  if (!shape) return '';
  switch (shape.kind) {
    case 'text':
      return shape.text;
    case 'choices':
    case 'order':
      return shape.items.join(', ');
    case 'pairs':
      return shape.pairs.map((p) => `${p.left}: ${p.right}`).join('; ');
  }
}
