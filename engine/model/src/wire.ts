/** DESIGN.md §4: every answer is this envelope; lists add Paging. */
export const CODE = { OK: 0, ERROR: 1, UNAUTHORIZED: 401, FORBIDDEN: 403, INTERNAL: 500 } as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export interface Paging {
  TotalCount: number;
  Page: number;
  PageSize: number;
}

export interface Envelope<T = unknown> {
  Code: number;
  Message: string;
  Data: T;
  Paging?: Paging;
}

/** Document State of spec part 1 §4. */
export const STATE = { VOID: 0, DRAFT: 1, IN_APPROVAL: 2, APPROVED: 3, CLOSED: 9 } as const;
