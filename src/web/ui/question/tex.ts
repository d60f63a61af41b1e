/** A piece of a text: plain (shown as text) or TeX found between `$...$` (or `$$...$$`). */
export interface TexPart {
  tex: boolean;
  display: boolean;
  text: string;
}

/** The index of the next unescaped `delim` from `from`, or -1. */
function closing(text: string, delim: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(delim, i)) return i;
  }
  return -1;
}

/**
 * Splits a text into plain and TeX parts: `$inline$` and `$$display$$`; `\$` is a literal dollar;
 * an unmatched `$` stays plain text.
 */
export function splitTex(text: string): TexPart[] {
  const parts: TexPart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (c === '$') {
      const delim = text.startsWith('$$', i) ? '$$' : '$';
      const end = closing(text, delim, i + delim.length);
      const tex = end < 0 ? '' : text.slice(i + delim.length, end).trim();
      if (tex) {
        if (plain) parts.push({ tex: false, display: false, text: plain });
        plain = '';
        parts.push({ tex: true, display: delim === '$$', text: tex });
        i = end + delim.length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  if (plain) parts.push({ tex: false, display: false, text: plain });
  return parts;
}

type Render = (tex: string, display: boolean) => string;
let render: Render | null = null;
let loading: Promise<void> | null = null;

/** Loads KaTeX (its own chunk, with its CSS) once; rejects when offline without the chunk. */
export function loadTex(): Promise<void> {
  loading ??= import('./katex-chunk').then(
    (m) => {
      render = m.renderTex;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** KaTeX's renderer once loaded, else null (texts then show their TeX source). */
export function texRenderer(): Render | null {
  return render;
}
