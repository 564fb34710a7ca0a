export * from './dispatch.js';
