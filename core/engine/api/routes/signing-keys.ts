import { z } from 'zod';
import { contracts } from '../contract.js';
import { Jwks, SigningKeyList } from '../../webhooks/signature.js';

/** The install's webhook signing keys (PS256, the `published` profile): published for receivers, rotated by administrators. */
export const signingKeyContracts = contracts({
  jwks: {
    method: 'GET',
    path: '/jwks.json',
    summary: 'The public keys that sign PS256 webhooks, by kid (public: receivers fetch it without a token)',
    tag: 'Webhooks',
    auth: false,
    query: z.strictObject({}),
    response: Jwks,
  },
  'webhook_signing_keys.list': {
    method: 'GET',
    path: '/webhook-signing-keys',
    summary: 'The signing keys of this install: the current one and any previous one in its 24 h grace',
    tag: 'Webhooks',
    query: z.strictObject({}),
    response: SigningKeyList,
  },
  'webhook_signing_keys.rotate': {
    method: 'POST',
    path: '/webhook-signing-keys/rotate',
    summary: 'Make a new current PS256 signing key; the previous one stays in /jwks.json for 24 h',
    tag: 'Webhooks',
    body: z.strictObject({}).optional(),
    response: SigningKeyList,
  },
});
