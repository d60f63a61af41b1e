import { useAdminT } from '../i18n';

interface Option {
  id: string;
  text: string;
}

/** The options as stored ([{id, text}] or plain strings), read defensively. */
export function readOptions(options: unknown): Option[] {
  if (!Array.isArray(options)) return [];
  return options.map((o, i) =>
    typeof o === 'string'
      ? { id: String.fromCharCode(97 + i), text: o }
      : { id: String((o as Option).id ?? i), text: String((o as Option).text ?? '') },
  );
}

/** The answer in words where the key names options ("b" → "Paris"), else the key as stored. */
export function answerText(type: string, options: unknown, answer: unknown): string {
  const key = typeof answer === 'string' ? answer : JSON.stringify(answer);
  if (type !== 'mcq' && type !== 'true_false' && type !== 'multi_select') return key;
  const opts = readOptions(options);
  const words = key.split(',').map((id) => opts.find((o) => o.id === id)?.text ?? id);
  return words.join(', ');
}

/** The question as players see it, its options with the right one(s) marked, the answer key. */
export function QuestionPreview({
  question,
  type,
  options,
  answer,
}: {
  question: string;
  type: string;
  options: unknown;
  answer: unknown;
}) {
  const { t } = useAdminT();
  const key = typeof answer === 'string' ? answer : JSON.stringify(answer);
  const opts = readOptions(options);
  // Multiple choice, true/false and multi-select name the right options by id ("b", "a,c").
  const right =
    type === 'mcq' || type === 'true_false' || type === 'multi_select' ? new Set(key.split(',')) : new Set<string>();
  return (
    <div className="admin-question" data-testid="report-question">
      <p className="admin-question-text" dir="auto">
        {question}
      </p>
      {opts.length > 0 && (
        <ol className="admin-options">
          {opts.map((o) => (
            <li key={o.id} className={right.has(o.id) ? 'right' : undefined}>
              <span className="admin-option-id" dir="ltr">
                {o.id}
              </span>
              <span dir="auto">{o.text}</span>
              {right.has(o.id) && <span className="visually-hidden">{t('reports.rightAnswer')}</span>}
            </li>
          ))}
        </ol>
      )}
      <p className="muted admin-answer-key">
        {t('reports.answerKey')}{' '}
        <code dir="ltr" data-testid="report-answer">
          {key}
        </code>
      </p>
    </div>
  );
}
