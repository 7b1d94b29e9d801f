// The treasury policy: document, signature check, evaluation.
export * from './asset';
export * from './breach';
export * from './canonical';
export * from './document';
export * from './errors';
export * from './evaluate';
export * from './input';
export * from './signing';
export { outflowInLastDay } from './caps';
export { localTime } from './schedule';
