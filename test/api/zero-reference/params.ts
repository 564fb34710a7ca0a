import { bool, str, type QueryParam } from './schema.js';

/** The query parameters the reference shares between operations. */
export const startTime: QueryParam = { schema: str() };
export const endTime: QueryParam = { schema: str(), required: true };
export const direction: QueryParam = { schema: { type: 'string', default: 'IMPORT' } };
export const includeTariff: QueryParam = { schema: bool() };
export const includeCarbon: QueryParam = { schema: bool() };
export const segment: QueryParam = { schema: str(), required: true };
export const aggregation: QueryParam = { schema: str() };
