import type { WeightCategory } from './catalog';

export type AwardCategory = 'contract' | 'idv' | 'grant' | 'direct payment' | 'loans' | 'insurance' | 'other';
export type RecipientKind = 'business' | 'nonprofit' | 'higher_ed' | 'government' | 'individual' | 'aggregate';

export interface AwardTypeSpec {
  code: string;
  description: string;
  /** award_search.category; null for -1 (not specified). */
  category: AwardCategory | null;
  weightCategory: WeightCategory;
  isFpds: boolean;
  isIdv: boolean;
  isLoan: boolean;
  /** Share of all awards. */
  share: number;
  /** Median award obligation (loans: face value) in dollars and log-space spread. */
  median: number;
  sigma: number;
  /** Mean number of transactions (base + modifications) before scaling to the target. */
  transactionMean: number;
  /** Period of performance length range in days. */
  duration: [number, number];
  /** Object classes (3-digit codes) of its File C rows, most likely first. */
  objectClasses: string[];
  recipientKinds: Partial<Record<RecipientKind, number>>;
}

const CONTRACT_RECIPIENTS = { business: 0.93, nonprofit: 0.03, higher_ed: 0.03, government: 0.01 };
const CONTRACT_OC = ['252', '251', '253', '257', '310', '260', '254', '255'];

const spec = (s: Omit<AwardTypeSpec, 'isFpds' | 'isIdv' | 'isLoan'>): AwardTypeSpec => ({
  ...s,
  isFpds: s.category === 'contract' || s.category === 'idv',
  isIdv: s.category === 'idv',
  isLoan: s.code === '07' || s.code === '08',
});

/**
 * Award types with their shares of all awards (roughly the shares of counts in the public data:
 * purchase and delivery orders and direct payments dominate, loans and IDVs are fewer), amounts,
 * modification counts, durations and typical recipients.
 */
export const AWARD_TYPES: AwardTypeSpec[] = [
  spec({ code: 'A', description: 'BPA Call', category: 'contract', weightCategory: 'contract', share: 0.06, median: 12_000, sigma: 1.4, transactionMean: 3, duration: [30, 365], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'B', description: 'Purchase Order', category: 'contract', weightCategory: 'contract', share: 0.14, median: 6_000, sigma: 1.5, transactionMean: 2, duration: [30, 365], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'C', description: 'Delivery Order', category: 'contract', weightCategory: 'contract', share: 0.16, median: 60_000, sigma: 2.0, transactionMean: 5, duration: [90, 1100], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'D', description: 'Definitive Contract', category: 'contract', weightCategory: 'contract', share: 0.06, median: 200_000, sigma: 2.1, transactionMean: 10, duration: [180, 1800], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_A', description: 'GWAC Government Wide Acquisition Contract', category: 'idv', weightCategory: 'contract', share: 0.002, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1800, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_B', description: 'IDC Multi-Agency Contract, Other Indefinite Delivery Contract', category: 'idv', weightCategory: 'contract', share: 0.004, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1000, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_B_A', description: 'IDC Indefinite Delivery Contract / Requirements', category: 'idv', weightCategory: 'contract', share: 0.006, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1000, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_B_B', description: 'IDC Indefinite Delivery Contract / Indefinite Quantity', category: 'idv', weightCategory: 'contract', share: 0.006, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1000, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_B_C', description: 'IDC Indefinite Delivery Contract / Definite Quantity', category: 'idv', weightCategory: 'contract', share: 0.004, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1000, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_C', description: 'FSS Federal Supply Schedule', category: 'idv', weightCategory: 'contract', share: 0.008, median: 20_000, sigma: 1.5, transactionMean: 4, duration: [1800, 3650], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_D', description: 'BOA Basic Ordering Agreement', category: 'idv', weightCategory: 'contract', share: 0.004, median: 20_000, sigma: 1.5, transactionMean: 3, duration: [1000, 1800], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: 'IDV_E', description: 'BPA Blanket Purchase Agreement', category: 'idv', weightCategory: 'contract', share: 0.006, median: 20_000, sigma: 1.5, transactionMean: 3, duration: [1000, 1800], objectClasses: CONTRACT_OC, recipientKinds: CONTRACT_RECIPIENTS }),
  spec({ code: '02', description: 'Block Grant', category: 'grant', weightCategory: 'grant', share: 0.015, median: 5_000_000, sigma: 1.6, transactionMean: 6, duration: [365, 1800], objectClasses: ['410'], recipientKinds: { government: 0.9, nonprofit: 0.1 } }),
  spec({ code: '03', description: 'Formula Grant', category: 'grant', weightCategory: 'grant', share: 0.05, median: 800_000, sigma: 2.0, transactionMean: 7, duration: [365, 1800], objectClasses: ['410'], recipientKinds: { government: 0.65, nonprofit: 0.2, higher_ed: 0.1, business: 0.05 } }),
  spec({ code: '04', description: 'Project Grant', category: 'grant', weightCategory: 'grant', share: 0.12, median: 250_000, sigma: 1.5, transactionMean: 6, duration: [365, 1800], objectClasses: ['410'], recipientKinds: { higher_ed: 0.3, nonprofit: 0.35, government: 0.2, business: 0.15 } }),
  spec({ code: '05', description: 'Cooperative Agreement', category: 'grant', weightCategory: 'grant', share: 0.04, median: 400_000, sigma: 1.7, transactionMean: 6, duration: [365, 1800], objectClasses: ['410'], recipientKinds: { higher_ed: 0.3, nonprofit: 0.35, government: 0.25, business: 0.1 } }),
  spec({ code: '06', description: 'Direct Payment for Specified Use', category: 'direct payment', weightCategory: 'direct payment', share: 0.09, median: 15_000, sigma: 2.2, transactionMean: 3, duration: [0, 365], objectClasses: ['410', '420'], recipientKinds: { business: 0.35, individual: 0.15, aggregate: 0.3, nonprofit: 0.05, government: 0.15 } }),
  spec({ code: '07', description: 'Direct Loan', category: 'loans', weightCategory: 'loans', share: 0.04, median: 120_000, sigma: 1.6, transactionMean: 2, duration: [365, 10_950], objectClasses: ['330', '410'], recipientKinds: { business: 0.55, individual: 0.3, aggregate: 0.1, government: 0.05 } }),
  spec({ code: '08', description: 'Guaranteed/Insured Loan', category: 'loans', weightCategory: 'loans', share: 0.05, median: 150_000, sigma: 1.5, transactionMean: 2, duration: [365, 10_950], objectClasses: ['330', '410'], recipientKinds: { business: 0.65, individual: 0.25, aggregate: 0.1 } }),
  spec({ code: '09', description: 'Insurance', category: 'insurance', weightCategory: 'insurance', share: 0.01, median: 60_000, sigma: 1.8, transactionMean: 4, duration: [365, 365], objectClasses: ['420'], recipientKinds: { aggregate: 0.6, business: 0.3, individual: 0.1 } }),
  spec({ code: '10', description: 'Direct Payment with Unrestricted Use', category: 'direct payment', weightCategory: 'direct payment', share: 0.12, median: 4_000, sigma: 2.0, transactionMean: 4, duration: [0, 365], objectClasses: ['420', '410'], recipientKinds: { business: 0.3, individual: 0.25, aggregate: 0.35, government: 0.1 } }),
  spec({ code: '11', description: 'Other Financial Assistance', category: 'other', weightCategory: 'other', share: 0.004, median: 40_000, sigma: 1.8, transactionMean: 3, duration: [90, 730], objectClasses: ['410', '420'], recipientKinds: { business: 0.4, government: 0.3, aggregate: 0.3 } }),
  spec({ code: '-1', description: 'Not Specified', category: null, weightCategory: 'other', share: 0.001, median: 10_000, sigma: 1.5, transactionMean: 1, duration: [30, 365], objectClasses: ['410'], recipientKinds: { business: 0.6, government: 0.4 } }),
];

/** Type spec by code. */
export const AWARD_TYPE_BY_CODE = new Map(AWARD_TYPES.map((t) => [t.code, t]));

/** Mean transactions per award of the type table (the generator scales modification counts to its target). */
export function baseTransactionMean(): number {
  return AWARD_TYPES.reduce((n, t) => n + t.share * t.transactionMean, 0);
}
