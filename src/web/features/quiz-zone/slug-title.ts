/** A readable heading from a slug while the real name is not at hand ("arts-and-literature" → "Arts and literature"). */
export function titleFromSlug(slug: string): string {
  const s = decodeURIComponent(slug).replace(/-/g, ' ');
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}
