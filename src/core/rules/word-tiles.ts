import { normalizeWord } from './answers';

/**
 * Guess the word's letter tiles: the word's letters plus a few decoys of its script, shuffled the
 * same way every time for a question. The server makes them for sealed sessions (the word stays
 * on the server); the device makes them for offline packs, whose questions carry the word.
 */

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
