import { useEffect, useRef, useState } from 'react';

/** A search field that reports what was typed once typing pauses (300 ms), not at each key. */
export function SearchBox({
  label,
  value,
  onChange,
  testId,
  delay = 300,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  delay?: number;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;

  // The address changed the query (back button): show it.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function type(v: string) {
    setText(v);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(v.trim()), delay);
  }

  return (
    <label className="admin-search">
      <span className="visually-hidden">{label}</span>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-4-4" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        value={text}
        placeholder={label}
        maxLength={100}
        onChange={(e) => type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            clearTimeout(timer.current);
            onChange(text.trim());
          }
        }}
        data-testid={testId}
      />
    </label>
  );
}
