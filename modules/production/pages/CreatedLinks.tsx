import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A sentence naming a document just created ("已生成领料单 MR2026110007，审核后扣减库存") with the
 * number as a link that opens the document in its tab; plain text when the user has no page for it.
 */
export function linkedSentence(
  sentence: string,
  no: string,
  open: (() => void) | null,
  testId?: string,
): ReactNode {
  const at = no ? sentence.indexOf(no) : -1;
  if (!open || at < 0) return sentence;
  return (
    <span>
      {sentence.slice(0, at)}
      <Typography.Link onClick={open} data-testid={testId}>
        {no}
      </Typography.Link>
      {sentence.slice(at + no.length)}
    </span>
  );
}

/** The documents a step created, each a link that opens it (and closes the dialog showing them). */
export function CreatedList({
  items,
  onOpened,
}: {
  items: { key: number; no: string; text: string; open: (() => void) | null }[];
  onOpened?: () => void;
}) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }} data-testid="created-docs">
      {items.map((d) => (
        <li key={d.key}>
          {d.open ? (
            <Typography.Link
              data-testid={`created-${d.no}`}
              onClick={() => {
                onOpened?.();
                d.open?.();
              }}
            >
              {d.no}
            </Typography.Link>
          ) : (
            d.no
          )}{' '}
          {d.text}
        </li>
      ))}
    </ul>
  );
}
