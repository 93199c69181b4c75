export * from './bom';
export * from './capacity';
export * from './gantt';
export * from './mrp';
export * from './routing';
export * from './states';
