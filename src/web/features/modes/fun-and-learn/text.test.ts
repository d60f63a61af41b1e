import { describe, expect, it } from 'vitest';
import { paragraphs, safeVideoUrl } from './text';

describe('fun and learn text', () => {
  it('splits paragraphs on blank lines and drops empty ones', () => {
    expect(paragraphs('One.\n\nTwo\nlines.\r\n\r\n  \n\nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.']);
    expect(paragraphs('')).toEqual([]);
  });

  it('links only http(s) videos', () => {
    expect(safeVideoUrl('https://www.youtube.com/watch?v=x')).toBe('https://www.youtube.com/watch?v=x');
    expect(safeVideoUrl('/media/clip.mp4')).toBe('/media/clip.mp4');
    expect(safeVideoUrl('javascript:alert(1)')).toBeNull();
    expect(safeVideoUrl('')).toBeNull();
  });
});
