interface Option<V> {
  value: V;
  label: string;
  lang?: string;
  testId: string;
}

/** A one-of-several choice drawn as a segmented bar (a radio group for assistive tech). */
export function Segmented<V extends string | number>(props: {
  options: Option<V>[];
  value: V;
  onChange: (v: V) => void;
  label?: string;
  labelledBy?: string;
}) {
  const { options, value, onChange, label, labelledBy } = props;
  return (
    <div className="segmented" role="radiogroup" aria-label={label} aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={value === o.value ? 'seg active' : 'seg'}
          lang={o.lang}
          onClick={() => onChange(o.value)}
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
