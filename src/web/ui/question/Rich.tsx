import { splitTex, texRenderer } from './tex';

/**
 * A question text, option or explanation: plain text, or (maths) text with TeX between `$...$`
 * typeset by KaTeX. Plain parts stay React text (escaped); only KaTeX's own output is set as HTML.
 */
export function Rich({ text, latex }: { text: string; latex: boolean }) {
  const render = latex ? texRenderer() : null;
  if (!render || !text.includes('$')) return <>{text}</>;
  return (
    <>
      {splitTex(text).map((p, i) =>
        p.tex ? (
          <span
            key={i}
            className={p.display ? 'tex tex-display' : 'tex'}
            dir="ltr"
            dangerouslySetInnerHTML={{ __html: render(p.text, p.display) }}
          />
        ) : (
          p.text
        ),
      )}
    </>
  );
}

/**
 * The `dir` for a text block: its own (`auto`) when it has words, so English reads left to
 * right in an Arabic interface; none when it is only numbers or formulas, so those keep the
 * interface's side instead of jumping left.
 */
export function textDir(text: string): 'auto' | undefined {
  return /\p{L}/u.test(text.replace(/\$[^$]*\$/g, '')) ? 'auto' : undefined;
}
