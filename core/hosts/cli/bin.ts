#!/usr/bin/env node
// `npx tariff-desk`: compiled to dist/node/cli.js; tests and `npm run dev` run this source through tsx.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
