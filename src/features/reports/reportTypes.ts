/**
 * The reports worker's data shapes, read off the client's signatures: features reach workers only through their
 * client (the layer rule), and this keeps the types in step with it without a copy.
 */
import type { ReportsClient } from '../../../workers/reports/reportsClient';

export type FinanceColumns = Parameters<ReportsClient['buildFinanceReport']>[0];
export type FinanceReport = Awaited<ReturnType<ReportsClient['buildFinanceReport']>>;
export type FinanceTab = Parameters<ReportsClient['buildFinanceCsv']>[0];
export type FinanceCsvTable = Parameters<ReportsClient['buildFinanceCsv']>[1][number];
export type DiscountColumns = Extract<FinanceCsvTable, { discounts: unknown }>['discounts'];
export type SalesOverviewTable = Parameters<ReportsClient['fillDays']>[0];
export type FillMode = Parameters<ReportsClient['fillDays']>[3];
