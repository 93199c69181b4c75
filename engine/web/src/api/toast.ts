import { message } from 'antd';

/**
 * antd's message, imported by name in a module of its own: `import('antd')` itself would make antd's
 * whole index one chunk, which every page using antd would then load (issue 24).
 */
export function errorToast(text: string): void {
  void message.error(text);
}
