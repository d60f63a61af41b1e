/** A piece of a text: plain (shown as text) or TeX found between `$...$` (or `$$...$$`). */
export interface TexPart {
  tex: boolean;
  display: boolean;
  text: string;
}

// `$$display$$` or `$inline$`; `\$` is a literal dollar, never a delimiter.
const TEX = /\$\$((?:\\.|[^$\\])+?)\$\$|\$((?:\\.|[^$\\])+?)\$/g;

/** Splits a text into plain and TeX parts; an unmatched `$` stays plain text. */
export function splitTex(text: string): TexPart[] {
  const parts: TexPart[] = [];
  let at = 0;
  const plain = (s: string) => {
    if (s) parts.push({ tex: false, display: false, text: s.replace(/\\\$/g, '$') });
  };
  for (const m of text.matchAll(TEX)) {
    plain(text.slice(at, m.index));
    const display = m[1] !== undefined;
    parts.push({ tex: true, display, text: (m[1] ?? m[2]!).trim() });
    at = m.index + m[0].length;
  }
  plain(text.slice(at));
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
