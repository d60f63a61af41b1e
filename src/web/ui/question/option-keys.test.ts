// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { optionKey, pickedIndex, type KeyPress } from './option-keys';

const press = (over: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target: document.body,
  ...over,
});

describe('optionKey', () => {
  it('reads digits 1–9 and letters a–z as the first, second… option', () => {
    expect(optionKey(press({ key: '1', code: 'Digit1' }))).toEqual({ kind: 'digit', index: 0 });
    expect(optionKey(press({ key: '4', code: 'Numpad4' }))).toEqual({ kind: 'digit', index: 3 });
    expect(optionKey(press({ key: 'c', code: 'KeyC' }))).toEqual({ kind: 'letter', index: 2 });
    expect(optionKey(press({ key: 'E', code: 'KeyE' }))).toEqual({ kind: 'letter', index: 4 });
  });

  it('follows the typed letter on a layout that moves letters (French A is the key QWERTY calls Q)', () => {
    expect(optionKey(press({ key: 'a', code: 'KeyQ' }))).toEqual({ kind: 'letter', index: 0 });
  });

  it("reads the key's place when it types no Latin letter or needs Shift for digits (Arabic, French)", () => {
    expect(optionKey(press({ key: 'ش', code: 'KeyA' }))).toEqual({ kind: 'letter', index: 0 });
    expect(optionKey(press({ key: '&', code: 'Digit1' }))).toEqual({ kind: 'digit', index: 0 });
    expect(optionKey(press({ key: 'ो', code: 'KeyD' }))).toEqual({ kind: 'letter', index: 3 });
  });

  it('ignores 0, Enter, Space, arrows and a held key repeating', () => {
    expect(optionKey(press({ key: '0', code: 'Digit0' }))).toBeNull();
    expect(optionKey(press({ key: 'Enter', code: 'Enter' }))).toBeNull();
    expect(optionKey(press({ key: ' ', code: 'Space' }))).toBeNull();
    expect(optionKey(press({ key: 'ArrowDown', code: 'ArrowDown' }))).toBeNull();
    expect(optionKey(press({ key: 'a', code: 'KeyA', repeat: true }))).toBeNull();
  });

  it('never answers with Ctrl, Alt or Meta held (the browser’s and screen reader’s shortcuts)', () => {
    expect(optionKey(press({ key: 'a', code: 'KeyA', ctrlKey: true }))).toBeNull();
    expect(optionKey(press({ key: '1', code: 'Digit1', altKey: true }))).toBeNull();
    expect(optionKey(press({ key: 'b', code: 'KeyB', metaKey: true }))).toBeNull();
  });

  it('never answers while the player types in a field or a dialog is over the question', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const dialog = document.createElement('dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(input, area, dialog);
    expect(optionKey(press({ key: 'a', code: 'KeyA', target: input }))).toBeNull();
    expect(optionKey(press({ key: '2', code: 'Digit2', target: area }))).toBeNull();
    expect(optionKey(press({ key: '1', code: 'Digit1', target: inDialog }))).toBeNull();
    const button = document.createElement('button');
    document.body.append(button);
    expect(optionKey(press({ key: '1', code: 'Digit1', target: button }))).toEqual({ kind: 'digit', index: 0 });
  });
});

describe('pickedIndex', () => {
  it('points at an option that is there, and at nothing past the last', () => {
    expect(pickedIndex({ kind: 'digit', index: 1 }, 2)).toBe(1);
    expect(pickedIndex({ kind: 'letter', index: 2 }, 2)).toBeNull();
  });
});
