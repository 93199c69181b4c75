export * from './bom';
export * from './mrp';
export * from './routing';
export * from './states';
