import { useCountUp } from './use-count-up';

/**
 * A number that counts up when it appears. Screen readers get only the final value (the counting
 * figure is hidden from them), so nothing reads out "3, 7, 12…".
 */
export function CountUp({ value, format = String }: { value: number; format?: (n: number) => string }) {
  const shown = useCountUp(value);
  return (
    <>
      <span className="count-up" aria-hidden="true" data-final={shown === value ? 'true' : undefined}>
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </>
  );
}
