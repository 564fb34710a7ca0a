import { z } from 'zod';
import { defineRoute } from '../route.js';
import { LoginResponse } from '../../schemas/misc.js';

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: '/login',
    operationId: 'login',
    summary: 'Exchange Basic account_id:api_key for a bearer token',
    tag: 'Auth',
    auth: false,
    query: z.strictObject({}),
    response: LoginResponse,
    handler: ({ svc, request }) => svc.accounts.login(request.headers.authorization),
  }),
];
