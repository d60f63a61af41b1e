import { normalizeWord } from '../../../core/rules/solo-modes';

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

const ARABIC = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];
const LATIN = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const CYRILLIC = [...'АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЫЭЮЯ'];
const DIGITS = [...'0123456789'];

/** The letters of a word as slots show them (one per code point of the normalized word). */
export function wordLetters(word: string): string[] {
  return [...normalizeWord(word)];
}

/** A small seeded generator, so a question's tiles are the same every time it is shown. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function alphabetOf(letters: string[]): string[] {
  if (letters.some((l) => /\p{Script=Arabic}/u.test(l))) return ARABIC;
  if (letters.some((l) => /\p{Script=Cyrillic}/u.test(l))) return CYRILLIC;
  if (letters.some((l) => /\p{Script=Latin}/u.test(l))) return LATIN;
  if (letters.every((l) => /\d/.test(l))) return DIGITS;
  return [];
}

/** The word's letters plus 2–4 decoys of its script (letters not in the word first), shuffled. */
export function makeTiles(word: string, seed: number): string[] {
  const letters = wordLetters(word);
  const rand = seeded(seed);
  const want = letters.length <= 4 ? 2 : letters.length <= 8 ? 3 : 4;
  const pool = alphabetOf(letters).filter((l) => !letters.includes(l));
  const decoys: string[] = [];
  while (decoys.length < want && pool.length > 0) decoys.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  const tiles = [...letters, ...decoys];
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles;
}

/** A new board for a word, with the letters hints already fixed. */
export function newBoard(word: string, seed: number, hints: readonly { position: number; letter: string }[] = []) {
  const n = wordLetters(word).length;
  let b: Board = { tiles: makeTiles(word, seed), slots: Array(n).fill(null), fixed: Array(n).fill(null), spent: [] };
  for (const h of hints) b = applyHint(b, h.position, h.letter);
  return b;
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
