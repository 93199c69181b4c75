/** DESIGN.md §4: every answer is this envelope; lists add Paging. */
export const CODE = { OK: 0, ERROR: 1, UNAUTHORIZED: 401, FORBIDDEN: 403, INTERNAL: 500 } as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export interface Paging {
  TotalCount: number;
  Page: number;
  PageSize: number;
  /** More rows match than TotalCount: a long list is counted only so far past the page. */
  Capped?: boolean;
}

export interface Envelope<T = unknown> {
  Code: number;
  Message: string;
  Data: T;
  Paging?: Paging;
}

/** Document State of spec part 1 §4. */
export const STATE = { VOID: 0, DRAFT: 1, IN_APPROVAL: 2, APPROVED: 3, CLOSED: 9 } as const;

/** What a user reads for each State, in messages as in lists. */
export const STATE_LABELS: Readonly<Record<number, { zh: string; en: string }>> = {
  0: { zh: '作废', en: 'Void' },
  1: { zh: '草稿', en: 'Draft' },
  2: { zh: '审批中', en: 'In approval' },
  3: { zh: '已审核', en: 'Approved' },
  9: { zh: '已关闭', en: 'Closed' },
};

/** One record found by GET /QuickSearch. */
export interface QuickSearchHit {
  ID: number;
  /** the record's display value (its number or name) */
  Text: string;
  /** two more of its searched values, to tell hits apart */
  Detail: string;
  State: number | null;
}

/** The hits of one entity in GET /QuickSearch, with the menu page (one the user holds) that opens them. */
export interface QuickSearchGroup {
  Entity_Name: string;
  Menu_Code: string;
  /** the entity's name in the reader's language */
  Label: string;
  TotalCount: number;
  Capped: boolean;
  Hits: QuickSearchHit[];
}
