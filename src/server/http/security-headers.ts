import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies, ...) as helmet works them
 * out for `options`, once: every reply gets the same values. The Fastify plugin builds helmet
 * again for every request, parsing the CSP each time, which was a quarter of the time of a read
 * served from memory. Holds while no CSP directive is a function of the request (no nonces).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return [...headers];
}
