export * from './errors.js';
export * from './limits.js';
export * from './users.js';
export * from './auth.js';
export * from './health.js';
export * from './content.js';
export * from './questions.js';
export * from './media.js';
