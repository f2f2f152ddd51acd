// http_ece (the Encrypted Content-Encoding of RFC 8188, used by web-push) has no types of its own.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string | Buffer },
  ): Buffer;
}
