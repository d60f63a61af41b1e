// The maths chunk: KaTeX and its stylesheet, fetched only when a session has TeX questions.
import katex from 'katex';
import 'katex/dist/katex.min.css';

/** TeX as KaTeX's HTML (with MathML for screen readers); errors are shown in place, not thrown. */
export function renderTex(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, strict: 'ignore', trust: false });
}
