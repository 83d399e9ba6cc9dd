/**
 * Reports (002 §2 Reports, §3, §7): the shapes the server validates and the console reads. Money is SEK with 2
 * decimals on the wire (API-NOTES), computed from integer öre; dates are YYYY-MM-DD.
 */
import { Type, type Static } from 'typebox';

const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Id = Type.Integer({ minimum: 1 });

/** from_date, to_date, event_id, promoter_id (002 §7). A promoter's promoter_id is always their own. */
export const ReportQuery = Type.Object({
  from_date: Type.Optional(IsoDay),
  to_date: Type.Optional(IsoDay),
  event_id: Type.Optional(Id),
  promoter_id: Type.Optional(Id),
});
export type ReportQuery = Static<typeof ReportQuery>;

export const FINANCE_GROUPS = ['tickets', 'merchandises', 'totals'] as const;
export type FinanceGroup = (typeof FINANCE_GROUPS)[number];
/** The spec's reports (002 §7), and 'resales' for the Tickets tab's "Resales of tickets" table (docs/reports.md). */
export const FINANCE_REPORTS = ['sales', 'resales', 'refunds', 'discounts', 'corporate', 'refund-fees', 'cost-of-sales'] as const;
export type FinanceReportName = (typeof FINANCE_REPORTS)[number];
/** Which reports each group answers. */
export const FINANCE_REPORTS_OF: Record<FinanceGroup, readonly FinanceReportName[]> = {
  tickets: ['sales', 'resales', 'refunds', 'discounts', 'corporate', 'refund-fees', 'cost-of-sales'],
  merchandises: ['sales', 'refunds', 'discounts', 'refund-fees', 'cost-of-sales'],
  totals: ['sales', 'refunds', 'discounts', 'refund-fees', 'cost-of-sales'],
};
/** 002 §6: only admins see the refund-fee finance reports. */
export const ADMIN_ONLY_FINANCE_REPORTS: readonly FinanceReportName[] = ['refund-fees'];

export const FinanceParams = Type.Object({
  group: Type.Union(FINANCE_GROUPS.map((g) => Type.Literal(g))),
  report: Type.Union(FINANCE_REPORTS.map((r) => Type.Literal(r))),
});
export type FinanceParams = Static<typeof FinanceParams>;

/** A finance row (002 §3); vat and price_excl_vat follow src/domain/vat.ts (excl rounded, VAT the remainder). */
export const FinanceRow = Type.Object({
  item_name: Type.String(),
  quantity: Type.Integer(),
  price_incl_vat: Type.Number(),
  vat_percent: Type.Number(),
  vat: Type.Number(),
  price_excl_vat: Type.Number(),
});
export type FinanceRow = Static<typeof FinanceRow>;

/** A discount row (002 §3): what the promo code took off. */
export const DiscountRow = Type.Object({
  item_name: Type.String(),
  quantity: Type.Integer(),
  original_price: Type.Number(),
  discount_amount: Type.Number(),
  discount_percent: Type.Number(),
  price_incl_vat: Type.Number(),
});
export type DiscountRow = Static<typeof DiscountRow>;

export const FinanceResponse = Type.Object({ data: Type.Array(Type.Union([FinanceRow, DiscountRow])) });
export type FinanceResponse = { data: FinanceRow[] | DiscountRow[] };

export const SALES_OVERVIEW_REPORTS = ['overview', 'tickets', 'merchandises', 'tickets-refunded'] as const;
export type SalesOverviewReport = (typeof SALES_OVERVIEW_REPORTS)[number];

/** A sales overview table: the first row is the header, then one row per day with data ([day, ...values]). */
const DayTable = Type.Array(Type.Array(Type.Union([Type.String(), Type.Number()])));
export const SalesOverviewResponse = Type.Object({
  data: Type.Object({ isolated: DayTable, accumulated: DayTable }),
});
export type SalesOverviewTableJson = [string[], ...[string, ...number[]][]];
export interface SalesOverviewResponse {
  data: { isolated: SalesOverviewTableJson; accumulated: SalesOverviewTableJson };
}

export const AccountingQuery = Type.Object({
  from_date: Type.Optional(IsoDay),
  to_date: Type.Optional(IsoDay),
  event_id: Type.Optional(Id),
  promoter_id: Type.Optional(Id),
  /** Opaque position of the last row of the previous page (`next` of that page). */
  after: Type.Optional(Type.String({ maxLength: 100 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000, default: 5000 })),
});
export type AccountingQuery = Static<typeof AccountingQuery>;

/** One Accounting Reporting row (002 §2): an order item sold, or refunded (negative amounts). */
export const AccountingRow = Type.Object({
  transaction_date: Type.String(),
  transaction_type: Type.String(),
  reservation_id: Type.Integer(),
  provider_order_id: Type.Union([Type.String(), Type.Null()]),
  payment_id: Type.Union([Type.Integer(), Type.Null()]),
  customer_name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  event: Type.String(),
  item_id: Type.Integer(),
  item_name: Type.String(),
  item_type: Type.String(),
  price: Type.Number(),
  quantity: Type.Integer(),
  vat_percent: Type.Number(),
  vat_per_item: Type.Number(),
  total_incl_vat: Type.Number(),
  total_excl_vat: Type.Number(),
});
export type AccountingRow = Static<typeof AccountingRow>;

export const AccountingResponse = Type.Object({
  data: Type.Array(AccountingRow),
  /** Rows in the whole period (all pages). */
  count: Type.Integer(),
  /** Pass as `after` for the next page; null on the last page. */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type AccountingResponse = Static<typeof AccountingResponse>;

export const CustomerResponse = Type.Object({
  data: Type.Object({
    by_age: Type.Array(Type.Object({ age_group: Type.String(), document: Type.Integer(), eid: Type.Integer() })),
    by_country: Type.Array(Type.Object({ user_country: Type.String(), quantity: Type.Integer() })),
    by_registration_type: Type.Array(Type.Object({ user_registration_type: Type.String(), quantity: Type.Integer() })),
  }),
});
export type CustomerResponse = Static<typeof CustomerResponse>;

export const SCANNING_ITEM_TYPES = ['ticket', 'merchandise', 'all'] as const;
export type ScanningItemType = (typeof SCANNING_ITEM_TYPES)[number];

export const ScanningBody = Type.Object({
  event_id: Id,
  item_type: Type.Optional(Type.Union(SCANNING_ITEM_TYPES.map((t) => Type.Literal(t)))),
});
export type ScanningBody = Static<typeof ScanningBody>;

export const ScanningRow = Type.Object({
  item_name: Type.String(),
  item_type: Type.String(),
  scan_count: Type.Integer(),
  not_scan_count: Type.Integer(),
  total_count: Type.Integer(),
  /** scan_count / total_count in percent, one decimal (src/domain/scanning.ts). */
  scanned_percent: Type.Number(),
});
export type ScanningRow = Static<typeof ScanningRow>;
/** `total`: the rows added up, with the percent of the sums. */
export const ScanningResponse = Type.Object({
  data: Type.Array(ScanningRow),
  total: Type.Object({ scan_count: Type.Integer(), not_scan_count: Type.Integer(), total_count: Type.Integer(), scanned_percent: Type.Number() }),
});
export type ScanningResponse = Static<typeof ScanningResponse>;

/** What the report filters offer the caller: their events with sales, and (for admins) the promoters. */
export const ReportFiltersResponse = Type.Object({
  events: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), promoter_id: Type.Integer(), start_date: Type.String() })),
  promoters: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ReportFiltersResponse = Static<typeof ReportFiltersResponse>;

/**
 * GET api/reports/shift-closes (docs/boxoffice.md "Shift closes report"), admin only: the counters' shift closes of a
 * period of venue days (from_date, to_date, YYYY-MM-DD; a month back to today by default), optionally of one operator.
 */
/** Closes a page of the JSON answer lists by default, and at most (the console's table pages with the shared Pager). */
export const SHIFT_CLOSES_PER_PAGE = 20;
export const SHIFT_CLOSES_PER_PAGE_MAX = 500;
export const ShiftClosesQuery = Type.Object({
  from_date: Type.Optional(IsoDay),
  to_date: Type.Optional(IsoDay),
  user_id: Type.Optional(Id),
  /** The JSON answer's page (the CSV holds every close whatever the page). */
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: SHIFT_CLOSES_PER_PAGE_MAX })),
});
export type ShiftClosesQuery = Static<typeof ShiftClosesQuery>;

/** SEK amounts of closes: the counter's sales by tender (net of what releases gave back) and the drawer's count. */
const ShiftCloseAmounts = {
  /** Cash taken − cash given back: what the drawer should hold besides its float. */
  cash_expected: Type.Number(),
  cash_counted: Type.Number(),
  /** Counted − expected; negative when the drawer was short. */
  cash_difference: Type.Number(),
  card: Type.Number(),
  other: Type.Number(),
  /** cash_expected + card + other. */
  total: Type.Number(),
};
export const ShiftCloseReportRow = Type.Object({
  id: Type.Integer(),
  operator_id: Type.Integer(),
  /** The operator's name (first and last, else the user's name). */
  operator: Type.String(),
  /** The box-office user's Box Office Name. */
  box_office: Type.String(),
  /** ISO moments; the console shows them dd.MM.yyyy HH:mm on the venue's clock. */
  opened_at: Type.String(),
  closed_at: Type.String(),
  ...ShiftCloseAmounts,
});
export type ShiftCloseReportRow = Static<typeof ShiftCloseReportRow>;
export const ShiftClosesResponse = Type.Object({
  /** One page of the closes, newest first; the totals (`closes` is the count for the pager) and the CSV hold every close of the filter. */
  data: Type.Array(ShiftCloseReportRow),
  page: Type.Integer(),
  per_page: Type.Integer(),
  totals: Type.Object({ closes: Type.Integer(), short: Type.Integer(), over: Type.Integer(), ...ShiftCloseAmounts }),
  /** Every operator who ever closed a shift, for the operator filter. */
  operators: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ShiftClosesResponse = Static<typeof ShiftClosesResponse>;
