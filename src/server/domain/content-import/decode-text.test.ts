import { describe, expect, it } from 'vitest';
import { decodeMixedLine, decodeText } from './decode-text';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodeText', () => {
  it('reads valid UTF-8 as UTF-8, dropping a byte order mark and turning CRLF into LF', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], 'Zürich\r\n“quoted”\r\n'))).toEqual({
      text: 'Zürich\n“quoted”\n',
      encoding: 'utf-8',
    });
  });

  it('reads a Windows-1252 line as Windows-1252: accents, curly quotes, and 85 as an ellipsis, not a line break', () => {
    const d = decodeText(bytes('A L', [0xe9], 'onard ', [0x93], 'x', [0x94, 0x85], ' ', [0x96], ' end\n'));
    expect(d.text).toBe('A Léonard “x”… – end\n');
    expect(d.text.split('\n')).toHaveLength(2);
    expect(d.encoding).toBe('utf-8, 1 line windows-1252');
  });

  it('keeps the UTF-8 lines of a mixed file as UTF-8 (a whole-file fallback would garble them)', () => {
    const d = decodeText(bytes('Montréal\n', 'Pen', [0xe9], 'lope\n', 'Asunción\n'));
    expect(d.text).toBe('Montréal\nPenélope\nAsunción\n');
    expect(d.encoding).toBe('utf-8, 1 line windows-1252');
  });

  it('reads UTF-16 files that start with a byte order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Café\r\n', 'utf16le')]);
    expect(decodeText(le)).toEqual({ text: 'Café\n', encoding: 'utf-16le' });
  });
});

describe('decodeMixedLine', () => {
  it('reads valid UTF-8 sequences and stray Windows-1252 bytes on one line', () => {
    expect(decodeMixedLine(bytes('“ok” and caf', [0xe9]))).toBe('“ok” and café');
  });

  it('restores a closing curly quote whose last byte became "?"', () => {
    expect(decodeMixedLine(bytes('Just ', [0xe2, 0x80, 0x9c], 'Do It', [0xe2, 0x80, 0x3f], ' and ', [0xe9]))).toBe(
      'Just “Do It” and é',
    );
  });
});
