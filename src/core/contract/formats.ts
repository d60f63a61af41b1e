// Formats shared by the server's schemas and the client's forms, without zod (the client's
// first screen does not ship it).

/** E.164: a plus, a country code and the number, 8 to 15 digits in all. */
export const MOBILE_RE = /^\+[1-9]\d{7,14}$/;

/** A phone number as typed, without spaces, dashes, dots and brackets. */
export function compactMobile(typed: string): string {
  return typed.replace(/[\s\-().]/g, '');
}
