import { contracts } from '../contract.js';
import {
  ZeroConnectExchangeQuery,
  ZeroConnectImport,
  ZeroConnectInit,
  ZeroConnectInitResponse,
  ZeroConnectToken,
} from './connect-schemas.js';

/** Zero's connect token operations (docs/connect.md, Zero dialect). */
export const zeroConnectContracts = contracts({
  'zero.connect.token.create': {
    method: 'POST',
    path: '/connect/tariff/token',
    summary: 'Create a connect token (Zero): its session speaks the Zero dialect',
    tag: 'Connect',
    body: ZeroConnectInit,
    response: ZeroConnectInitResponse,
  },
  'zero.connect.token.exchange': {
    method: 'GET',
    path: '/connect/tariff/token',
    summary: 'Exchange a connect token for its location (Zero)',
    tag: 'Connect',
    query: ZeroConnectExchangeQuery,
    response: ZeroConnectToken,
  },
  'zero.connect.batch': {
    method: 'POST',
    path: '/connect/tariff/batch',
    summary: 'Run a connect session in one call (Zero): store the location and its tariff',
    tag: 'Connect',
    body: ZeroConnectImport,
    response: ZeroConnectToken,
  },
});
