export * from './schemas';
export * from './proxy';
export * from './requests';
