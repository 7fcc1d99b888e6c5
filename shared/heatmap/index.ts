export * from './layout';
export * from './scale';
export * from './data';
