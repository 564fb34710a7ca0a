#!/usr/bin/env node
// Entry of `npx tariff-desk`: loads the TypeScript sources through tsx, then runs the command line.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
