import { contracts } from '../contract.js';
import { ConnectToken } from '../../schemas/misc.js';
import { TestConnectComplete } from '../../schemas/test-helpers.js';

/** Routes that do in one call what a tester would otherwise click through (test mode only). */
export const testHelperContracts = contracts({
  'testHelpers.connect.complete': {
    method: 'POST',
    path: '/test_helpers/connect/complete',
    summary: 'Complete a connect token through the connect pages in one call (test mode only)',
    tag: 'Test helpers',
    testModeOnly: true,
    body: TestConnectComplete,
    response: ConnectToken,
    responseDescription: 'The connect token as GET /connect/token shows it afterwards.',
  },
});
