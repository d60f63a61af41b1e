import { COLUMNS, type Column, type LayoutRow } from './columns';

const row = (cells: Partial<Record<Column, string>>): LayoutRow =>
  Object.fromEntries(COLUMNS.map((c) => [c, cells[c] ?? ''])) as LayoutRow;

/** The template's example rows: one question of each type, to copy and replace. */
export function templateRows(): LayoutRow[] {
  const where = { category: 'General knowledge', subcategory: 'Starter', language: 'en' };
  return [
    row({
      ...where,
      question: 'Which planet is known as the red planet?',
      type: 'mcq',
      option_a: 'Venus',
      option_b: 'Mars',
      option_c: 'Jupiter',
      option_d: 'Mercury',
      answer: 'b',
      explanation: 'Iron oxide on its surface makes it look red.',
    }),
    row({ ...where, question: 'Water boils at 100 °C at sea level.', type: 'true_false', answer: 'a' }),
    row({
      ...where,
      question: 'Which of these are primary colours of light?',
      type: 'multi_select',
      option_a: 'Red',
      option_b: 'Yellow',
      option_c: 'Green',
      option_d: 'Blue',
      answer: 'a,c,d',
      level: '2',
    }),
    row({
      ...where,
      question: 'Put these numbers in increasing order.',
      type: 'sequence',
      option_a: 'One',
      option_b: 'Ten',
      option_c: 'Hundred',
    }),
    row({
      ...where,
      question: 'Match each country with its capital.',
      type: 'match',
      option_a: 'France',
      option_b: 'Japan',
      option_c: 'Peru',
      match_a: 'Paris',
      match_b: 'Tokyo',
      match_c: 'Lima',
    }),
    row({ ...where, question: 'The largest land animal.', type: 'word', answer: 'Elephant', marks: '2' }),
  ];
}
