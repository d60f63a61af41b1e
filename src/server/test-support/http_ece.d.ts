// http_ece (Encrypted Content-Encoding, RFC 8188) has no types; the tests decrypt Web Push
// payloads with it as a browser would.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface Params {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer;
  }
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
