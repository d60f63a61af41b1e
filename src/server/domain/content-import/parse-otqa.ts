import { OPTION_COLUMNS, OPTION_LETTERS, type SourceRow } from './columns';

interface Entry {
  line: number;
  question: string[];
  answer: string | null;
  options: string[];
  problems: string[];
}

const OPTION_LINE = /^([A-Z])(?:\s(.*))?$/;

/**
 * Reads the OpenTriviaQA line format: `#Q question` (continuing on the lines up to the answer),
 * `^ correct answer`, then `A`, `B`, ... options; entries separated by blank lines. Each entry
 * becomes a row of the column layout, its answer as the letter of the option it names.
 */
export function parseOtqa(text: string): SourceRow[] {
  const entries: Entry[] = [];
  const stray: SourceRow[] = [];
  let cur: Entry | undefined;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.startsWith('#Q')) {
      cur = { line: n + 1, question: [line.slice(2)], answer: null, options: [], problems: [] };
      entries.push(cur);
    } else if (!cur) {
      if (line.trim()) stray.push({ line: n + 1, cells: {}, problems: ['text before the first #Q question'] });
    } else if (cur.answer === null) {
      if (line.startsWith('^')) cur.answer = line.slice(1).trim();
      else cur.question.push(line);
    } else {
      readOptionLine(cur, line, n + 1);
    }
  }
  return [...stray, ...entries.map(toRow)];
}

function readOptionLine(e: Entry, line: string, n: number) {
  if (!line.trim()) return;
  const m = OPTION_LINE.exec(line);
  const expected = String.fromCharCode(65 + e.options.length);
  if (!m) e.problems.push(`line ${n}: not an option line (A, B, ...)`);
  else if (m[1] !== expected) e.problems.push(`line ${n}: option ${m[1]} where ${expected} was expected`);
  else e.options.push((m[2] ?? '').trim());
}

/** Two options reading True/False or Yes/No make a true/false question. */
function isTrueFalse(options: string[]): boolean {
  const set = options
    .map((o) => o.toLowerCase())
    .sort()
    .join('/');
  return set === 'false/true' || set === 'no/yes';
}

function toRow(e: Entry): SourceRow {
  const problems = [...e.problems];
  if (e.answer === null) problems.push('no ^ answer line');
  if (e.options.length > OPTION_COLUMNS.length) problems.push(`${e.options.length} options: at most 5`);
  const index = e.answer === null ? -1 : e.options.indexOf(e.answer);
  if (e.answer !== null && index < 0) problems.push(`the answer "${e.answer}" is not one of the options`);
  const cells: SourceRow['cells'] = {
    question: e.question.join('\n').trim(),
    type: isTrueFalse(e.options) ? 'true_false' : 'mcq',
    answer: (index >= 0 && OPTION_LETTERS[index]) || '',
  };
  e.options.slice(0, OPTION_COLUMNS.length).forEach((o, k) => (cells[OPTION_COLUMNS[k]!] = o));
  return { line: e.line, cells, problems };
}
