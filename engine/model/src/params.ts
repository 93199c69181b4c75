/** System parameters whose id has a fixed meaning (spec part 1 §9 for 26 and 28). */
export const PARAM = {
  BATCH_MODE: 26,
  COST_MODE: 28,
  AUTO_LOCK_MINUTES: 30,
  ALLOW_NEGATIVE_STOCK: 31,
  SESSION_IDLE_MINUTES: 32,
  SESSION_MAX_HOURS: 33,
  /** stock closed up to this day (yyyy-MM-dd), or 0: nothing dated then or before posts or is reversed */
  STOCK_CLOSED_UNTIL: 34,
  /** 公司时区: the IANA time zone every time is shown in (engine/model time.ts), default Asia/Shanghai */
  COMPANY_TIME_ZONE: 40,
  /** 采购超收允差(%): how far above the ordered quantity a purchase receipt may go, default 0 */
  OVER_RECEIPT_TOLERANCE: 41,
} as const;

/**
 * The parameters the web client reads from GET /Base/GetLoginInfo (the shell's auto-lock, the clock
 * times are shown on). A supplier
 * portal account gets these only: the others (stock, costing, sessions) are the company's business.
 */
export const CLIENT_PARAMS: readonly number[] = [PARAM.AUTO_LOCK_MINUTES, PARAM.COMPANY_TIME_ZONE];
