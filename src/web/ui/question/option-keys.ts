import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What `optionKey` reads of a keydown: the key, its physical place, modifiers and where it was typed. */
export interface KeyPress {
  key: string;
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/** A shortcut key: a digit (1 = first) or a letter (a = first), each pointing at one option. */
export type OptionKey = { kind: 'digit' | 'letter'; index: number };

/** Fields the player types into, and dialogs over the question: their keys are never answers. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target.closest('dialog, [role="dialog"]') !== null;
}

/**
 * The option a key press points at, or null: digits 1–9 and letters a–z, read from the typed
 * character and, for a keyboard that types no Latin letter (Arabic, Hindi) or needs Shift for
 * digits (French), from the key's place. Never while typing, with Ctrl, Alt or Meta held (the
 * browser's and the screen reader's shortcuts), or for a held key repeating.
 */
export function optionKey(e: KeyPress): OptionKey | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || e.defaultPrevented || typing(e.target)) return null;
  const k = e.key.length === 1 ? e.key.toLowerCase() : '';
  if (k >= '1' && k <= '9') return { kind: 'digit', index: k.charCodeAt(0) - 49 };
  if (k >= 'a' && k <= 'z') return { kind: 'letter', index: k.charCodeAt(0) - 97 };
  const place = /^(?:Digit|Numpad)([1-9])$|^Key([A-Z])$/.exec(e.code ?? '');
  if (place?.[1]) return { kind: 'digit', index: Number(place[1]) - 1 };
  if (place?.[2]) return { kind: 'letter', index: place[2].charCodeAt(0) - 65 };
  return null;
}

/**
 * Answers by key on the whole page while `enabled`: `onKey` gets each shortcut pressed (see
 * `optionKey`) and says whether it used it; a used key does nothing else.
 */
export function useOptionKeys(enabled: boolean, onKey: (k: OptionKey) => boolean): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const listen = (e: KeyboardEvent) => {
      const k = optionKey(e);
      if (k && handler.current(k)) e.preventDefault();
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, [enabled]);
}

/** The option a shortcut picks in a list of `count` options (digit or letter alike), or null. */
export function pickedIndex(k: OptionKey, count: number): number | null {
  return k.index < count ? k.index : null;
}

/**
 * Arrow keys within a list of options (on the list's keydown): Down and Up move the focus to the
 * next or previous option that can take it, wrapping round; Home and End to the first and last.
 * The options stay buttons (or checkboxes), each a Tab stop as well, so nothing is hidden from a
 * player who only tabs.
 */
export function arrowBetweenOptions(e: ReactKeyboardEvent<HTMLElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled)')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || items.length < 2) return;
  const to =
    e.key === 'ArrowDown'
      ? (at + 1) % items.length
      : e.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : null;
  if (to === null) return;
  e.preventDefault();
  items[to]!.focus();
}
