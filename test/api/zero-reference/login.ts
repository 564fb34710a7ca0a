import { bool, int, obj, str, type ZeroOperation } from './schema.js';

export const login: ZeroOperation[] = [
  {
    name: 'bearer-token',
    tag: 'Login',
    method: 'GET',
    path: '/login',
    success: 200,
    errors: [403, 500],
    response: obj({ bearer_token: str(), expires_in: int(), live_mode: bool() }, [
      'bearer_token',
      'expires_in',
      'live_mode',
    ]),
  },
];
