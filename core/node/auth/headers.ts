import { z } from 'zod';

/** `Authorization: Basic base64(account_id:api_key)`, decoded; the key's prefix decides the mode. */
export const BasicCredentials = z
  .string()
  .trim()
  .regex(/^basic [A-Za-z0-9+/=]{1,1024}$/i, 'must be Basic base64(account_id:api_key)')
  .transform((h) => Buffer.from(h.slice(6), 'base64').toString('utf8'))
  .pipe(
    z
      .string()
      .regex(/^[^:]+:.+$/, 'must be account_id:api_key')
      .transform((s) => ({ account_id: s.slice(0, s.indexOf(':')), api_key: s.slice(s.indexOf(':') + 1) }))
      .pipe(
        z.object({
          account_id: z.string().max(80),
          api_key: z
            .string()
            .regex(
              /^sk_(test|live)_/,
              'holds an API key (after the colon) that does not start with sk_test_ or sk_live_',
            )
            .max(200),
        }),
      ),
  );

/** `Authorization: Bearer <token>` as `GET /login` issues it. */
export const BearerToken = z
  .string()
  .trim()
  .regex(/^bearer tdb_[A-Za-z0-9]{40}$/i, 'must be Bearer <token> as returned by GET /login')
  .transform((h) => h.slice(7));
