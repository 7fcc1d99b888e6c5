export * from './columns';
export * from './compute';
export * from './engine';
export * from './filters';
export * from './peers';
