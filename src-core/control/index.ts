// Proof of control: the file, the text each key signs, and its verification against chain facts.
export * from './canonical';
export * from './document';
export * from './errors';
export * from './message';
export * from './permission';
export * from './sign';
export * from './verify';
