/** The paragraphs of a text (blank-line separated), without empty ones. */
export function paragraphs(detail: string): string[] {
  return detail
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** An http(s) address to link to, or null (nothing else is opened from a text). */
export function safeVideoUrl(url: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, 'https://invalid.invalid');
    return u.protocol === 'https:' || u.protocol === 'http:' ? (url.startsWith('/') ? url : u.href) : null;
  } catch {
    return null;
  }
}
