import { normalizeWord } from '../../core/rules/answers';
import { makeTiles, wordLetters } from '../../core/rules/word-tiles';

export { makeTiles, seeded, wordLetters } from '../../core/rules/word-tiles';

/**
 * Guess the word: the answer slots and the letter tiles. Tiles are the word's letters plus a few
 * decoys of the same script, shuffled; a slot holds a tile (by index), or a letter a hint fixed.
 */
export interface Board {
  tiles: string[];
  /** Per slot: the tile placed there, or null. */
  slots: (number | null)[];
  /** Per slot: the letter a hint fixed there, or null. */
  fixed: (string | null)[];
  /** Tiles a hint took (no longer offered). */
  spent: number[];
}

type Hints = readonly { position: number; letter: string }[];

/** A new board of tiles for a word of `n` letters, with the letters hints already fixed. */
function boardOfTiles(tiles: string[], n: number, hints: Hints): Board {
  let b: Board = { tiles, slots: Array(n).fill(null), fixed: Array(n).fill(null), spent: [] };
  for (const h of hints) b = applyHint(b, h.position, h.letter);
  return b;
}

/** A new board for a word, with the letters hints already fixed. */
export function newBoard(word: string, seed: number, hints: Hints = []): Board {
  return boardOfTiles(makeTiles(word, seed), wordLetters(word).length, hints);
}

/**
 * The board of a question: a sealed one brings its tiles and length from the server (the word
 * stays there until answered); a pack's question carries its word.
 */
export function questionBoard(
  q: { id: number; answer?: string; tiles?: string[]; word_length?: number },
  hints: Hints,
) {
  if (q.tiles && q.word_length) return boardOfTiles(q.tiles, q.word_length, hints);
  return newBoard(q.answer ?? '', q.id, hints);
}

/** Tiles still offered: neither placed nor taken by a hint. */
export function isFree(b: Board, tile: number): boolean {
  return !b.slots.includes(tile) && !b.spent.includes(tile);
}

/** Puts a tile in the first open slot. */
export function placeTile(b: Board, tile: number): Board {
  if (!isFree(b, tile) || tile < 0 || tile >= b.tiles.length) return b;
  const at = b.slots.findIndex((s, i) => s === null && b.fixed[i] === null);
  if (at < 0) return b;
  const slots = [...b.slots];
  slots[at] = tile;
  return { ...b, slots };
}

/** Types a letter: places a free tile showing it. */
export function typeLetter(b: Board, letter: string): Board {
  const l = normalizeWord(letter);
  const tile = b.tiles.findIndex((t, i) => t === l && isFree(b, i));
  return tile < 0 ? b : placeTile(b, tile);
}

/** Takes the tile out of a slot (a hint's letter stays). */
export function clearSlot(b: Board, slot: number): Board {
  if (b.slots[slot] == null) return b;
  const slots = [...b.slots];
  slots[slot] = null;
  return { ...b, slots };
}

/** Backspace: empties the last filled slot. */
export function backspace(b: Board): Board {
  for (let i = b.slots.length - 1; i >= 0; i--) if (b.slots[i] !== null) return clearSlot(b, i);
  return b;
}

/** A hint fixes `letter` at `position` and takes a tile of that letter out of play. */
export function applyHint(b: Board, position: number, letter: string): Board {
  if (position < 0 || position >= b.slots.length || b.fixed[position] !== null) return b;
  const slots = [...b.slots];
  const fixed = [...b.fixed];
  slots[position] = null;
  fixed[position] = letter;
  let tile = b.tiles.findIndex((t, i) => t === letter && !slots.includes(i) && !b.spent.includes(i));
  if (tile < 0) {
    // Every tile of that letter sits in another slot: take the last one back from there.
    const from = slots.findLastIndex((s) => s !== null && b.tiles[s] === letter);
    if (from >= 0) {
      tile = slots[from]!;
      slots[from] = null;
    }
  }
  return { ...b, slots, fixed, spent: tile < 0 ? b.spent : [...b.spent, tile] };
}

/** The letter shown in each slot ('' when empty). */
export function slotLetters(b: Board): string[] {
  return b.slots.map((s, i) => b.fixed[i] ?? (s === null ? '' : b.tiles[s]!));
}

/** The word the slots spell, or null while some slot is empty. */
export function boardWord(b: Board): string | null {
  const letters = slotLetters(b);
  return letters.includes('') ? null : letters.join('');
}

/** Restores a saved answer (whole-quiz clock: coming back to a word). */
export function fillWord(b: Board, word: string): Board {
  let out = b;
  for (const [i, l] of wordLetters(word).entries()) {
    if (out.fixed[i] !== null) continue;
    const tile = out.tiles.findIndex((t, k) => t === l && isFree(out, k));
    if (tile < 0) continue;
    const slots = [...out.slots];
    slots[i] = tile;
    out = { ...out, slots };
  }
  return out;
}
