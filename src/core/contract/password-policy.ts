// The most common passwords of public breach lists that meet the length rule; refused outright.
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  '87654321',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  'abcd1234',
  'qwerty12',
  'admin123',
  'letmein1',
  'trustno1',
  'passw0rd',
  'superman',
  'starwars',
  'computer',
  'michelle',
  'whatever',
  'dragon12',
  'monkey12',
  'master12',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'q1w2e3r4',
  'asdfghjk',
  'asdf1234',
  'zxcvbnm1',
  'qazwsxedc',
  '123123123',
  '12341234',
  '123qweasd',
  'aaaaaaaa',
  'password!',
  'p@ssw0rd',
  'changeme',
  'welcome123',
  'secret123',
]);

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return 'must be at least 8 characters';
  if (password.length > 128) return 'must be at most 128 characters';
  if (COMMON.has(password.toLowerCase())) return 'is too common';
  if (/^(.)\1+$/.test(password)) return 'is too simple';
  return undefined;
}
