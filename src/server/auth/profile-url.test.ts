import { describe, expect, it } from 'vitest';
import { profileUrlProblem } from './profile-url';

const media = '/media/0b0e7c1e-8a55-4c1a-9d55-2f1a4b6c7d8e.webp';
const google = 'https://lh3.googleusercontent.com/a/ACg8ocK-photo=s96-c';
const ok = (url: string, identityType: 'email' | 'mobile' | 'gmail' = 'email', publicUrl?: string) =>
  profileUrlProblem(url, { identityType, publicUrl }) === undefined;

describe('profile picture URLs', () => {
  it('accepts this server’s own media, relative or on its public URL', () => {
    expect(ok(media)).toBe(true);
    expect(ok(`https://quiz.example${media}`, 'email', 'https://quiz.example')).toBe(true);
  });

  it('accepts Google’s photo host only for an account Google proved', () => {
    expect(ok(google, 'gmail')).toBe(true);
    expect(ok(google, 'email')).toBe(false);
    expect(ok(google, 'mobile')).toBe(false);
  });

  it('refuses any other host, scheme, or a disguised one', () => {
    for (const url of [
      'https://evil.example/pixel.png',
      'http://lh3.googleusercontent.com/a/x',
      'https://lh3.googleusercontent.com.evil.example/a',
      'https://user@lh3.googleusercontent.com/a',
      'https://lh3.googleusercontent.com:8443/a',
      'https://googleusercontent.com/a',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/media/../admin',
      `${media}?x=1`,
      `https://other.example${media}`,
      `http://quiz.example${media}`,
      'not a url',
    ]) {
      expect(ok(url, 'gmail', 'https://quiz.example'), url).toBe(false);
    }
  });
});
