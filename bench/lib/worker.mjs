// The load process does not inherit tsx's loader: register it, then run the TypeScript load driver.
import { register } from 'tsx/esm/api';

register();
await import('./loadWorker.ts');
