import type { PlayQuestion } from '../../../core/contract';
import { makeTiles, wordLetters } from '../../../core/rules/word-tiles';

/**
 * A question as an online session sends it: without its answer or explanation (they come with
 * submit_answer's verdict). A word keeps only its tiles and length, so the board can be drawn;
 * the tiles are the word's letters with decoys, which is the puzzle itself, not its order.
 */
export function sealQuestion(q: PlayQuestion): PlayQuestion {
  const { answer, explanation: _e, ...rest } = q;
  if (q.question_type !== 'word') return rest;
  const word = answer ?? '';
  return { ...rest, tiles: makeTiles(word, q.id), word_length: wordLetters(word).length };
}
