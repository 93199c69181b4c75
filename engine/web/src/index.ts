export * from './api';
export * from './entity';
export * from './i18n';
export * from './report';
