import { message } from 'antd';

/**
 * antd's message, imported by name in a module of its own: `import('antd')` itself would make antd's
 * whole index one chunk, which every page using antd would then load (issue 24).
 */
export function errorToast(text: string): void {
  // keyed by its text: the same refusal from several calls at once (a batch) is one toast, not a stack
  void message.error({ content: text, key: `error:${text}` });
}
