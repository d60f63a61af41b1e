import type { Db } from '../db/client';
import { seedModeFile, type ModeFile } from '../db/seed/seed-modes';

const cat = (slug: string, sub: string, premium_price = 0) => ({
  slug,
  name: `Test ${slug}`,
  image: '',
  premium_price,
  subcategories: [{ slug: sub, name: `Test ${sub}`, image: '' }],
});

const mcq = (n: number) => ({
  type: 'mcq' as const,
  question: `Question ${n}?`,
  options: ['one', 'two', 'three', 'four'],
  answer: n % 4,
  explanation: 'Because.',
});

/** Small content for every solo mode, apart from the demo content, for the server tests. */
export const FIXTURE: ModeFile[] = [
  {
    language: 'en',
    mode: 'multi_match',
    categories: [
      {
        ...cat('mm-test', 'mm-sub'),
        subcategories: [
          {
            slug: 'mm-sub',
            name: 'MM',
            image: '',
            levels: [1, 2].map(() => [
              {
                type: 'multi_select',
                question: 'Pick the primes',
                options: ['2', '4', '5', '9'],
                answers: [0, 2],
                explanation: '.',
              },
              { type: 'sequence', question: 'Smallest first', items: ['1', '10', '100'], explanation: '.' },
              {
                type: 'match',
                question: 'Capitals',
                pairs: [
                  ['France', 'Paris'],
                  ['Japan', 'Tokyo'],
                  ['Peru', 'Lima'],
                ],
                explanation: '.',
              },
            ]),
          },
        ],
      },
    ],
  },
  {
    language: 'en',
    mode: 'guess_the_word',
    categories: [
      {
        ...cat('gw-test', 'gw-sub'),
        subcategories: [
          {
            slug: 'gw-sub',
            name: 'GW',
            image: '',
            levels: [
              [
                { type: 'word', question: 'Big grey animal', answer: 'Elephant', explanation: '.' },
                { type: 'word', question: 'Big apple', answer: 'New York', explanation: '.' },
              ],
              [{ type: 'word', question: 'Cat sound', answer: 'meow', explanation: '.' }],
            ],
          },
        ],
      },
    ],
  },
  {
    language: 'en',
    mode: 'fun_n_learn',
    categories: [
      {
        ...cat('fnl-test', 'fnl-sub'),
        subcategories: [
          {
            slug: 'fnl-sub',
            name: 'FNL',
            image: '',
            texts: [
              {
                slug: 'text-one',
                title: 'Text one',
                detail: 'Para one.\n\nPara two.',
                questions: [mcq(1), mcq(2), mcq(3)],
              },
              { slug: 'text-two', title: 'Text two', detail: 'Another.', questions: [mcq(4), mcq(5)] },
            ],
          },
        ],
      },
    ],
  },
  {
    language: 'en',
    mode: 'audio',
    categories: [
      {
        ...cat('au-test', 'au-sub'),
        subcategories: [
          {
            slug: 'au-sub',
            name: 'AU',
            image: '',
            levels: [[{ ...mcq(1), audio: '/audio/demo/test.mp3' }], [mcq(2)]],
          },
        ],
      },
    ],
  },
  {
    language: 'en',
    mode: 'maths',
    categories: [
      {
        ...cat('ma-test', 'ma-sub'),
        subcategories: [
          {
            slug: 'ma-sub',
            name: 'MA',
            image: '',
            levels: [[{ ...mcq(1), question: 'Solve $x+1=2$', latex: true }]],
          },
        ],
      },
    ],
  },
  {
    language: 'en',
    mode: 'quiz_zone',
    categories: [
      {
        ...cat('premium-test', 'pr-sub', 30),
        subcategories: [{ slug: 'pr-sub', name: 'PR', image: '', levels: [[mcq(1), mcq(2), mcq(3)]] }],
      },
    ],
  },
];

/** Seeds the fixture into the test database (language 1 is English). */
export async function seedSoloFixture(db: Db): Promise<void> {
  for (const f of FIXTURE) await seedModeFile(db, 1, f);
}
