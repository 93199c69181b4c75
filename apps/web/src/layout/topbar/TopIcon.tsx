import type { ComponentProps } from 'react';

/**
 * A square icon button of the top bar: white on the bar's blue, keyboard reachable. Extra props pass
 * through, so that a Tooltip or Dropdown around it can attach its handlers and ref.
 */
export function TopIcon({
  label,
  testId,
  className,
  ...rest
}: ComponentProps<'button'> & { label: string; testId?: string }) {
  return (
    <button
      type="button"
      className={`topbar-icon${className ? ` ${className}` : ''}`}
      aria-label={label}
      data-testid={testId}
      {...rest}
    />
  );
}
