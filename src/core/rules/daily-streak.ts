/**
 * Days in a row ending on `today` or the day before, from the local dates played (`YYYY-MM-DD`,
 * newest first): the daily quiz's streak, counted the same on the server and, offline, on the
 * device.
 */
export function streakOf(datesDesc: readonly string[], today: string): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  let expect = day(today);
  if (datesDesc[0] !== today) expect -= 1;
  let n = 0;
  for (const d of datesDesc) {
    if (day(d) > expect) continue;
    if (day(d) !== expect) break;
    n++;
    expect--;
  }
  return n;
}
