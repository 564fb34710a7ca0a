import { contracts } from '../contract.js';
import { z } from 'zod';
import { LoginResponse } from '../../schemas/misc.js';

export const authContracts = contracts({
  login: {
    method: 'GET',
    path: '/login',
    summary: 'Exchange Basic account_id:api_key for a bearer token',
    tag: 'Auth',
    auth: false,
    query: z.strictObject({}),
    response: LoginResponse,
  },
});
