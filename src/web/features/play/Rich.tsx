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
