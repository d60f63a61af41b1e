import { describe, expect, it } from 'vitest';
import { emailField, intField, jsonField, mobileField, slugField, textField } from './fields';
import { z } from 'zod';

describe('contract fields', () => {
  it('parses whole numbers from strings strictly', () => {
    const f = intField(1, 10);
    expect(f.parse('3')).toBe(3);
    expect(f.parse(7)).toBe(7);
    for (const bad of ['', '3abc', '1e1', '3.5', '0', '11', 'NaN', null]) {
      expect(f.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
  it('normalises e-mail addresses and refuses malformed ones', () => {
    expect(emailField.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(emailField.safeParse('ann@').success).toBe(false);
    expect(emailField.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });
  it('accepts phone numbers with a country code only', () => {
    expect(mobileField.parse('+49 151 2345-6789')).toBe('+4915123456789');
    expect(mobileField.safeParse('015123456789').success).toBe(false);
    expect(mobileField.safeParse('+0123456789').success).toBe(false);
  });
  it('refuses slugs with anything but lower-case words and dashes', () => {
    expect(slugField.parse('life-science')).toBe('life-science');
    for (const bad of ["x' OR 1=1 --", '../etc', 'A', '-a', 'a--b'])
      expect(slugField.safeParse(bad).success).toBe(false);
  });
  it('keeps the lines of a text sent from a browser form as \\n (multipart sends \\r\\n)', () => {
    expect(textField(20).parse(' One\r\n\r\nTwo\rThree ')).toBe('One\n\nTwo\nThree');
    expect(textField(4).safeParse('a\r\nb\r\n').success).toBe(true);
    expect(textField(5).safeParse('   ').success).toBe(false);
  });
  it('parses JSON fields and refuses bad JSON', () => {
    const f = jsonField(z.array(z.number()));
    expect(f.parse('[1,2]')).toEqual([1, 2]);
    expect(f.safeParse('[1,').success).toBe(false);
    expect(f.safeParse('{"a":1}').success).toBe(false);
  });
});
